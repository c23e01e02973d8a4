import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db";
import { formResponseTallies, submissions, type FormPublishing, type FormSettings } from "@/db/schema";
import { AppError } from "@/lib/errors";
import {
  ALREADY_RESPONDED,
  closedPageMessage,
  closedSubmitMessage,
  EMAIL_ALREADY_USED,
  FORM_CLOSED_TITLES,
  scheduleState,
  type FormClosedReason,
} from "@/lib/forms/form-settings";
import { hmac, hmacMatches } from "@/server/services/lib/hmac";
import { cachedSecret } from "@/server/services/settings";
import type { PublishedForm } from "@/server/services/survey/survey-target";

/**
 * Whether a form takes answers now, and from whom (its `settings.publishing`): the schedule,
 * the cap, one response per browser or per email. The page asks before it shows the form; the
 * submit asks again, and the storing statement has the last word on the cap and the email
 * (place-guard.ts).
 */

export const publishingOf = (form: Pick<PublishedForm, "settings">): FormPublishing => form.settings.publishing ?? {};

/** 403: closed, not open yet, or full; the sentence says which (and when a form opens). */
export class FormClosedError extends AppError {
  constructor(
    readonly closedReason: FormClosedReason,
    readonly publishing: FormPublishing,
  ) {
    super("FORBIDDEN", closedSubmitMessage(publishing, closedReason));
  }
}

/** 409: this browser (its signed cookie) or this email address has responded. */
export const alreadyResponded = () => new AppError("CONFLICT", ALREADY_RESPONDED);
export const emailAlreadyUsed = (field: string) =>
  new AppError("CONFLICT", EMAIL_ALREADY_USED, { path: [field], reason: EMAIL_ALREADY_USED });

/** The closed page of a form that takes no answers: its title and what it says. */
export function closedNotice(publishing: FormPublishing, reason: FormClosedReason) {
  return { kind: "notice" as const, title: FORM_CLOSED_TITLES[reason], message: closedPageMessage(publishing, reason) };
}

/** Whether every place of a capped form is taken (the tally the submit statement raises). */
async function isFull(db: DbOrTx, form: Pick<PublishedForm, "id">, max: number): Promise<boolean> {
  const [row] = await db
    .select({ taken: formResponseTallies.taken })
    .from(formResponseTallies)
    .where(eq(formResponseTallies.formId, form.id))
    .limit(1);
  return (row?.taken ?? 0) >= max;
}

/** Why the form takes no answers now (schedule, then the cap), or null. */
export async function closedReason(db: DbOrTx, form: PublishedForm, now = new Date()): Promise<FormClosedReason | null> {
  const publishing = publishingOf(form);
  const scheduled = scheduleState(publishing, now);
  if (scheduled) return scheduled;
  if (publishing.maxResponses !== undefined && (await isFull(db, form, publishing.maxResponses))) return "full";
  return null;
}

/** The schedule at submit time (the cap is the storing statement's): throws FormClosedError. */
export function assertScheduleOpen(form: PublishedForm, now = new Date()): void {
  const publishing = publishingOf(form);
  const reason = scheduleState(publishing, now);
  if (reason) throw new FormClosedError(reason, publishing);
}

// ---------------------------------------------------------------------------------------
// One per browser: a signed cookie set by the response (it stops honest people only).

const onceSecret = cachedSecret("survey_once_cookie_secret");
const ONCE_MAX_AGE_S = 365 * 86_400;

export const onceCookieName = (form: Pick<PublishedForm, "uuid">) => `fh_once_${form.uuid.replace(/-/g, "")}`;

const cookieValue = (headers: Headers, name: string): string | null => {
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=").trim();
  }
  return null;
};

/** Whether this browser has responded to a one-per-browser form (its cookie is ours and for this form). */
export async function browserResponded(db: Db, form: PublishedForm, headers: Headers): Promise<boolean> {
  if (publishingOf(form).onePerPerson !== "browser") return false;
  const value = cookieValue(headers, onceCookieName(form));
  return value !== null && value.length < 100 && hmacMatches(await onceSecret(db), `once.${form.uuid}`, value);
}

/** The cookie a response to a one-per-browser form sets (none for other forms and for unique links). */
export async function onceCookie(db: Db, form: PublishedForm, linkId: string | null): Promise<OnceCookie | undefined> {
  if (linkId || publishingOf(form).onePerPerson !== "browser") return undefined;
  return { name: onceCookieName(form), value: hmac(await onceSecret(db), `once.${form.uuid}`) };
}
export type OnceCookie = { name: string; value: string };

/**
 * Its `Set-Cookie`. An embedded form is on another site, where only a `SameSite=None; Secure`
 * cookie is sent; over plain http it is this site's only.
 */
export function onceCookieHeader(cookie: OnceCookie, secure: boolean): string {
  const site = secure ? "SameSite=None; Secure" : "SameSite=Lax";
  return `${cookie.name}=${cookie.value}; Path=/; Max-Age=${ONCE_MAX_AGE_S}; HttpOnly; ${site}`;
}

/** The one-per-person email of an answer set (lower-cased, trimmed), or null when the form has none. */
export function respondentEmailOf(form: PublishedForm, data: Record<string, unknown>): string | null {
  const publishing = publishingOf(form);
  if (publishing.onePerPerson !== "email" || !publishing.onePerPersonField) return null;
  const answer = data[publishing.onePerPersonField];
  return typeof answer === "string" && answer.trim() ? answer.trim().toLowerCase() : null;
}

/** The page a respondent gets instead of the form: closed, not open yet, full, or answered from this browser; null to show the form. */
export async function gatePage(db: Db, form: PublishedForm, headers: Headers, linkId: string | null, now = new Date()) {
  const reason = await closedReason(db, form, now);
  if (reason) return closedNotice(publishingOf(form), reason);
  if (!linkId && (await browserResponded(db, form, headers)))
    return { kind: "notice" as const, title: ALREADY_RESPONDED, message: "This form takes one response per person. Thank you for yours!" };
  return null;
}

/**
 * The dashboard's "7 of 10" of a capped form: places taken (the tally; before the first capped
 * submit, the responses it has, spam aside) and the cap. Null for a form without one.
 */
export async function responseCapOf(
  db: DbOrTx,
  form: { id: number; organizationId: number; settings: FormSettings },
): Promise<{ taken: number; max: number } | null> {
  const max = form.settings.publishing?.maxResponses;
  if (max === undefined) return null;
  const [row] = await db.execute<{ taken: number }>(sql`select coalesce(
      (select taken from ${formResponseTallies} where form_id = ${form.id}),
      (select count(*)::int from ${submissions} where form_id = ${form.id} and organization_id = ${form.organizationId} and not spam)
    ) as taken`);
  return { taken: Number(row?.taken ?? 0), max };
}
