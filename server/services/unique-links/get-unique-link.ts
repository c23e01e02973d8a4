import "server-only";
import { and, eq, getTableColumns, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { prefills, submissions, uniqueLinks, type PrefillValue, type UniqueLink } from "@/db/schema";
import { AppError, MESSAGES } from "@/lib/errors";
import { getAccessibleFormOrThrow, type FormAccess } from "@/server/services/forms/access";
import { UUID_RE } from "@/lib/values/ids";
import { linkStateColumn, type UniqueLinkState } from "./state";

export const uniqueLinkNotFound = () => new AppError("NOT_FOUND", MESSAGES.uniqueLinkNotFound);

/** Tenant + form filter of every unique-link query; a malformed id matches nothing. */
export function linkFilter(organizationId: number, formId: number, id: string): SQL | null {
  const key = id.trim().toLowerCase();
  if (!UUID_RE.test(key)) return null;
  return and(eq(uniqueLinks.id, key), eq(uniqueLinks.organizationId, organizationId), eq(uniqueLinks.formId, formId))!;
}

/** Columns of a link, plus its prefill's data (null without a prefill) when asked for. */
export function linkSelection(includePrefillData: boolean) {
  const { seq: _seq, formId: _f, organizationId: _o, ...columns } = getTableColumns(uniqueLinks);
  return includePrefillData ? { ...columns, prefillData: prefills.data } : columns;
}

export type LinkRow = Omit<UniqueLink, "seq" | "formId" | "organizationId"> & { prefillData?: PrefillValue[] | null };

/**
 * One unique link of a form visible to `access`; 404 `Unique link not found` when it is not
 * this form's (also for a malformed id).
 */
export async function getUniqueLinkOrThrow(
  db: DbOrTx,
  access: FormAccess,
  formRef: string,
  id: string,
  includePrefillData: boolean,
): Promise<LinkRow & { state: UniqueLinkState }> {
  const form = await getAccessibleFormOrThrow(db, access, formRef);
  const where = linkFilter(access.organizationId, form.id, id);
  if (!where) throw uniqueLinkNotFound();
  const query = db.select({ ...linkSelection(includePrefillData), state: linkStateColumn }).from(uniqueLinks);
  const [row] = await (includePrefillData ? query.leftJoin(prefills, eq(prefills.id, uniqueLinks.prefillId)) : query).where(where).limit(1);
  if (!row) throw uniqueLinkNotFound();
  return row as LinkRow & { state: UniqueLinkState };
}

/** The id of the submission a completed link produced (the organization's), or null. */
export async function submissionOfLink(db: DbOrTx, organizationId: number, linkId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.uniqueLinkId, linkId), eq(submissions.organizationId, organizationId)))
    .limit(1);
  return row?.id ?? null;
}
