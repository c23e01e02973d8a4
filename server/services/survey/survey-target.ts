import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms, prefills, uniqueLinks, type Form, type UniqueLink } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { formVersionSql } from "@/server/services/forms/form-version";
import { UUID_RE } from "@/lib/values/ids";
import { isSlug } from "@/lib/forms/form-settings";
import type { PrefillSource } from "./initial-values";

/**
 * What a survey URL (lib/app-paths.ts) points at: a published, non-trashed form by UUID, or a
 * unique link with its form and its own prefill. An unknown id, an unpublished or a trashed
 * form are all "not available" alike, so a URL never tells which.
 */
export type PublishedForm = Pick<Form, "id" | "uuid" | "organizationId" | "name" | "elements" | "settings" | "updatedAt"> & {
  /** What a submit's storing statement checks (forms/form-version.ts). */
  version: string;
};
export type SurveyLink = Pick<UniqueLink, "id" | "status" | "active" | "expiresAt">;

/** Why a unique link takes no answers; each has its page sentence (also the 410 message). */
export type ClosedLinkReason = "completed" | "inactive" | "expired";
export const CLOSED_LINK_MESSAGES: Record<ClosedLinkReason, string> = {
  inactive: "This link is no longer active",
  expired: "This link has expired",
  completed: "This form has already been submitted",
};

export const SURVEY_NOT_FOUND = "Form not found";
export const surveyNotFound = () => new AppError("NOT_FOUND", SURVEY_NOT_FOUND);
/** 410 with the page's sentence; the page reads `reason` to say what the respondent can do. */
export class LinkClosedError extends AppError {
  constructor(readonly reason: ClosedLinkReason) {
    super("GONE", CLOSED_LINK_MESSAGES[reason]);
  }
}
export const linkClosed = (reason: ClosedLinkReason) => new LinkClosedError(reason);

/** What the closed-link page says under its sentence. */
export const CLOSED_LINK_ADVICE: Record<ClosedLinkReason, string> = {
  completed: "Your answers were received, so there is nothing more to do. Thank you!",
  inactive: "Whoever sent you this link has switched it off. Ask them for a new one if you still need to answer.",
  expired: "Answers were due before the link's end date. Ask whoever sent it for a new link if you still need to answer.",
};

const formColumns = {
  id: forms.id,
  uuid: forms.uuid,
  organizationId: forms.organizationId,
  name: forms.name,
  elements: forms.elements,
  settings: forms.settings,
  updatedAt: forms.updatedAt,
  version: formVersionSql,
};
const live = and(eq(forms.published, true), isNull(forms.trashedAt));

/** A live form by its UUID, or by its short link (`/f/<slug>`, server/services/publishing/form-slug.ts). */
export async function findSurveyForm(db: DbOrTx, formUuid: string): Promise<PublishedForm | null> {
  const ref = formUuid.trim().toLowerCase();
  const by = UUID_RE.test(ref) ? eq(forms.uuid, ref) : isSlug(ref) ? eq(forms.slug, ref) : null;
  if (!by) return null;
  const [form] = await db.select(formColumns).from(forms).where(and(by, live)).limit(1);
  return form ?? null;
}

export async function getSurveyFormOrThrow(db: DbOrTx, formUuid: string): Promise<PublishedForm> {
  return (await findSurveyForm(db, formUuid)) ?? throwNotFound();
}

/**
 * A prefill for `?_prefill=`: only the form's own, and not a unique link's (a link's
 * prefill is reached through the link). Anything else: null, and the form opens empty.
 */
export async function findSurveyPrefill(db: DbOrTx, formId: number, prefillId: string | undefined): Promise<PrefillSource | null> {
  const id = prefillId?.trim().toLowerCase();
  if (!id || !UUID_RE.test(id)) return null;
  const [row] = await db
    .select({ data: prefills.data, resolved: prefills.resolved })
    .from(prefills)
    .where(and(eq(prefills.id, id), eq(prefills.formId, formId), eq(prefills.forUniqueLink, false)))
    .limit(1);
  return row ?? null;
}

/** A unique link whose form is live, with that form and the link's prefill; null otherwise. */
export async function findSurveyLink(
  db: DbOrTx,
  linkId: string,
): Promise<{ link: SurveyLink; form: PublishedForm; prefill: PrefillSource | null } | null> {
  const id = linkId.trim().toLowerCase();
  if (!UUID_RE.test(id)) return null;
  const [row] = await db
    .select({
      link: { id: uniqueLinks.id, status: uniqueLinks.status, active: uniqueLinks.active, expiresAt: uniqueLinks.expiresAt },
      form: formColumns,
      prefillData: prefills.data,
      prefillResolved: prefills.resolved,
    })
    .from(uniqueLinks)
    .innerJoin(forms, and(eq(forms.id, uniqueLinks.formId), live))
    .leftJoin(prefills, eq(prefills.id, uniqueLinks.prefillId))
    .where(eq(uniqueLinks.id, id))
    .limit(1);
  if (!row) return null;
  const prefill = row.prefillData ? { data: row.prefillData, resolved: row.prefillResolved ?? {} } : null;
  return { link: row.link, form: row.form, prefill };
}

/**
 * Why the link takes no answers, or null when it does. A completed link says so even when it
 * was switched off or expired afterwards: that is what its respondent needs to hear.
 */
export function closedLinkReason(link: SurveyLink, now = new Date()): ClosedLinkReason | null {
  if (link.status === "completed") return "completed";
  if (!link.active) return "inactive";
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) return "expired";
  return null;
}

/** A person opened the link: `pending` → `in_progress`, once (later opens change nothing). */
export async function markLinkOpened(db: DbOrTx, linkId: string): Promise<void> {
  await db
    .update(uniqueLinks)
    .set({ status: "in_progress", updatedAt: sql`now()` })
    .where(and(eq(uniqueLinks.id, linkId), eq(uniqueLinks.status, "pending")));
}

function throwNotFound(): never {
  throw surveyNotFound();
}
