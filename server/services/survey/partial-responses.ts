import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { partialResponses, type PartialResponse } from "@/db/schema";
import { UUID_RE } from "@/lib/values/ids";

/**
 * Partial responses: each completed step of a multi-page form stores the answers so far, one
 * row per respondent (updated in place), so closing the tab loses nothing. The respondent is
 * the unique link when there is one (any device), else a browser cookie set by the first step.
 */

/** The browser's respondent id (a random UUID; no account, nothing else in it). */
export const RESPONDENT_COOKIE = "fh_respondent";
/** Partials older than this are deleted (worker housekeeping), finished or not. */
export const PARTIAL_RETENTION_DAYS = 30;

export type RespondentKey = { key: string; /** A new cookie id to set on the answer. */ newCookie: string | null };

/** The cookie's id from a Cookie header, when it is a well-formed one. */
export function respondentCookieOf(headers: Headers): string | null {
  const cookie = headers.get("cookie") ?? "";
  for (const part of cookie.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === RESPONDENT_COOKIE) {
      const id = value.join("=").trim().toLowerCase();
      return UUID_RE.test(id) ? id : null;
    }
  }
  return null;
}

/** Who answers: the link, else the browser (a fresh id when it has none, to be set as a cookie). */
export function respondentKey(headers: Headers, linkId: string | null): RespondentKey {
  if (linkId) return { key: `l:${linkId}`, newCookie: null };
  const id = respondentCookieOf(headers);
  if (id) return { key: `c:${id}`, newCookie: null };
  const fresh = randomUUID();
  return { key: `c:${fresh}`, newCookie: fresh };
}

/** The respondent key a request already has (no new cookie): what a page reads to resume. */
export function existingRespondentKey(headers: Headers, linkId: string | null): string | null {
  if (linkId) return `l:${linkId}`;
  const id = respondentCookieOf(headers);
  return id ? `c:${id}` : null;
}

/** `Set-Cookie` for a new respondent id: as long as a partial is kept, this site only, not readable by scripts. */
export function respondentCookieHeader(id: string, secure: boolean): string {
  const maxAge = PARTIAL_RETENTION_DAYS * 86_400;
  return `${RESPONDENT_COOKIE}=${id}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** One upsert: the answers so far and the page to resume on; the furthest page only grows. A finished one starts anew. Answers its id. */
export async function savePartial(
  db: DbOrTx,
  input: {
    formId: number;
    organizationId: number;
    key: string;
    data: Record<string, unknown>;
    formValues: Record<string, unknown>;
    page: number;
  },
): Promise<string> {
  const [row] = await db
    .insert(partialResponses)
    .values({
      formId: input.formId,
      organizationId: input.organizationId,
      respondentKey: input.key,
      data: input.data,
      formValues: input.formValues,
      page: input.page,
      furthestPage: input.page,
    })
    .onConflictDoUpdate({
      target: [partialResponses.formId, partialResponses.respondentKey],
      set: {
        data: input.data,
        formValues: input.formValues,
        page: input.page,
        furthestPage: sql`case when ${partialResponses.completedAt} is null
          then greatest(${partialResponses.furthestPage}, excluded.furthest_page) else excluded.furthest_page end`,
        completedAt: null,
        createdAt: sql`case when ${partialResponses.completedAt} is null then ${partialResponses.createdAt} else now() end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: partialResponses.id });
  return row!.id;
}

/** The respondent's unfinished partial of a form (what the page resumes from); null when none. */
export async function findOpenPartial(db: DbOrTx, formId: number, key: string): Promise<PartialResponse | null> {
  const [row] = await db
    .select()
    .from(partialResponses)
    .where(and(eq(partialResponses.formId, formId), eq(partialResponses.respondentKey, key), isNull(partialResponses.completedAt)))
    .limit(1);
  return row ?? null;
}

/** Deletes up to `batch` partials not updated for PARTIAL_RETENTION_DAYS (finished ones too). */
export const PRUNE_BATCH = 5000;
export async function prunePartials(db: DbOrTx, batch = PRUNE_BATCH): Promise<number> {
  const rows = await db.execute<{ id: string }>(sql`
    delete from partial_responses where id in (
      select id from partial_responses where updated_at < now() - make_interval(days => ${PARTIAL_RETENTION_DAYS}::int) limit ${batch})
    returning id`);
  return rows.length;
}

/** Where a respondent left a multi-page form: the page and the values to fill it with; null for a fresh start. */
export async function resumePoint(
  db: DbOrTx,
  form: { id: number; pages: number },
  headers: Headers,
  linkId: string | null,
): Promise<{ page: number; formValues: Record<string, unknown> } | null> {
  if (form.pages < 2) return null;
  const key = existingRespondentKey(headers, linkId);
  const partial = key ? await findOpenPartial(db, form.id, key) : null;
  if (!partial) return null;
  return { page: Math.min(partial.page, form.pages - 1), formValues: partial.formValues };
}
