import { ZEmail } from "@/lib/account-rules";

/**
 * "Save and continue later" on a survey of several pages: the rules the page and the server
 * share. The button posts `_step=save` with the address in `_save_email` (a reserved name, never
 * an answer); the server keeps the answers so far and mails a link to continue
 * (server/services/survey/resume-links.ts).
 */
export const SAVE_EMAIL_FIELD = "_save_email";
/** The `_step` value of the Save button. */
export const SAVE_STEP = "save";
/** How long a mailed link to continue works. */
export const RESUME_LINK_DAYS = 30;

/** What the page shows of the last save: the address it was asked for, and its problem or that the link is on its way. */
export type SaveLaterState = { email: string; error: string | null; sent: boolean };

export const SAVE_LATER_MESSAGES = {
  invalidEmail: "Enter your email address, like name@example.com, to get a link to continue",
  unavailable: "Links to continue later cannot be emailed right now: finish the form now, or keep this page open",
} as const;

/** The posted address, trimmed and lower-cased, or the sentence that says what is wrong with it. */
export function readSaveEmail(raw: string | null): { email: string } | { error: string } {
  const parsed = ZEmail.safeParse(raw ?? "");
  return parsed.success ? { email: parsed.data } : { error: SAVE_LATER_MESSAGES.invalidEmail };
}
