import { env } from "@/server/env";

/** Survey URL of a prefill (spec §1): the form's page with `_prefill`. */
export const prefillUrl = (formUuid: string, prefillId: string) => `${env().APP_URL}/f/${formUuid}?_prefill=${prefillId}`;

/** Survey URL of a unique link (spec §1). */
export const uniqueLinkUrl = (linkId: string) => `${env().APP_URL}/u/${linkId}`;
