import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { loadFormView, searchKey, type SearchParams } from "@/app/_survey/load-view";
import { SurveyPage } from "@/app/_survey/survey-page";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ formUuid: string }>; searchParams: Promise<SearchParams> };

async function view({ params, searchParams }: Props) {
  const [{ formUuid }, search] = await Promise.all([params, searchParams]);
  return loadFormView(formUuid, searchKey(search));
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const v = await view(props);
  // Survey pages are the owner's, not ours: no site-name suffix, and not for search engines.
  const robots = { index: false, follow: false };
  if (v.kind === "form") {
    const failed = (v.lastResult as { status?: string } | null)?.status === "error" || v.formError !== null;
    return { title: { absolute: `${failed ? "Error: " : ""}${v.form.name}` }, robots };
  }
  if (v.kind === "notice") return { title: { absolute: v.title }, robots };
  return { title: { absolute: "Form not available" }, robots };
}

/** `GET /f/<form_uuid>`: the survey page (also the markup of the survey route handlers' answers). */
export default async function SurveyFormPage(props: Props) {
  const v = await view(props);
  if (v.kind === "not-found") notFound();
  return <SurveyPage view={v} />;
}
