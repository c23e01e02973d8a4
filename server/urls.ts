import { env } from "@/server/env";
import { previewImagePath, surveyPath, uniqueLinkPath } from "@/server/paths";

/** Every absolute URL the app hands out, built on APP_URL in one place. */

/** A form's survey page. */
export const surveyUrl = (formUuid: string) => `${env().APP_URL}${surveyPath(formUuid)}`;

/** Survey URL of a prefill (spec §1): the form's page with `_prefill`. */
export const prefillUrl = (formUuid: string, prefillId: string) => `${surveyUrl(formUuid)}?_prefill=${prefillId}`;

/** Survey URL of a unique link (spec §1). */
export const uniqueLinkUrl = (linkId: string) => `${env().APP_URL}${uniqueLinkPath(linkId)}`;

/** Absolute URL of a form's preview image (spec §2.5 `preview_image_url`). */
export const previewImageUrl = (formUuid: string) => `${env().APP_URL}${previewImagePath(formUuid)}`;
