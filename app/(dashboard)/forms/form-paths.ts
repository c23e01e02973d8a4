import { FORMS_PATH } from "@/lib/app-paths";

/** The dashboard's pages about one form; the builder lives at `/edit`. */
export const formPath = (uuid: string) => `${FORMS_PATH}/${uuid}`;
export const formBuilderPath = (uuid: string) => `${formPath(uuid)}/edit`;
export const FORMS_TRASH_PATH = `${FORMS_PATH}/trash`;

/** The form-scoped pages, each opened on this form by `?form=`. */
export const formScopedLinks = (uuid: string) =>
  [
    { label: "Build", href: formBuilderPath(uuid), hint: "Questions, settings, publishing" },
    { label: "Submissions", href: `/submissions?form=${uuid}`, hint: "Read and export the answers" },
    { label: "Prefills", href: `/prefills?form=${uuid}`, hint: "Links with answers filled in" },
    { label: "Unique links", href: `/unique-links?form=${uuid}`, hint: "One link per respondent" },
    { label: "Webhooks", href: `/webhooks?form=${uuid}`, hint: "Send each submission to a URL" },
  ] as const;
