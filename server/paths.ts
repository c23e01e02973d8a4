/**
 * The app's own paths, safe to import from client components. server/urls.ts turns the public
 * ones into absolute URLs.
 */
export const SIGN_IN_PATH = "/sign-in";
export const SIGN_UP_PATH = "/sign-up";
export const FORMS_PATH = "/forms";

/** A form's survey page (spec §1). */
export const surveyPath = (formUuid: string) => `/f/${formUuid}`;

/** A unique link's survey page (spec §1). */
export const uniqueLinkPath = (linkId: string) => `/u/${linkId}`;

/** A form's preview image (served by app/f/[formUuid]/preview.png). */
export const previewImagePath = (formUuid: string) => `${surveyPath(formUuid)}/preview.png`;
