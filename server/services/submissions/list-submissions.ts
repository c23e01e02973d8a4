import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { submissions, type Form } from "@/db/schema";
import { AppError, MESSAGES } from "@/server/errors";
import { getAccessibleFormOrThrow, parseFormRef, type FormAccess } from "@/server/services/forms/access";
import { filtersSql, usesContainmentIndex } from "./filter-sql";
import { parseFilters, type FilterParam } from "./filters";
import type { SubmissionSort } from "./sort";
import { PAGE_SIZE, pageOffset } from "@/server/services/pagination";


export type ListSubmissionsParams = {
  /** Numeric form id (`form_id`). */
  formId?: string | number;
  /** Form UUID (`form_uuid`); a numeric id is accepted too. */
  formUuid?: string;
  page: number;
  sort: SubmissionSort;
  /** `<field>__<filter_type>` query parameters in the order given (see parseFilters). */
  filterParams?: readonly FilterParam[];
  /** Rows of the first-try window (default WINDOW_ROWS; 0 = never). For tests and benchmarks. */
  windowRows?: number;
};

export type ListedSubmission = Pick<(typeof submissions)["$inferSelect"], "id" | "data" | "createdAt" | "updatedAt">;

const SORT_COLUMNS = {
  created_at: submissions.createdAt,
  updated_at: submissions.updatedAt,
  duration: submissions.duration,
} as const;

/**
 * The form a listing is for: `form_id` and/or `form_uuid`, visible to `access`. When both
 * are given they must name the same form. Missing, foreign, trashed or restricted → 404.
 */
export async function resolveListForm(
  db: DbOrTx,
  access: FormAccess,
  formId: string | number | undefined,
  formUuid: string | undefined,
): Promise<Form> {
  const hasId = formId !== undefined && String(formId).trim() !== "";
  const hasUuid = formUuid !== undefined && formUuid.trim() !== "";
  if (!hasId && !hasUuid) throw new AppError("BAD_REQUEST", MESSAGES.formRequired);
  if (hasId) {
    // form_id is the numeric id only; a UUID belongs in form_uuid.
    const ref = parseFormRef(formId!);
    if (!ref || !("id" in ref)) throw new AppError("NOT_FOUND", MESSAGES.formNotFound);
  }
  const form = await getAccessibleFormOrThrow(db, access, hasId ? formId : formUuid!);
  if (hasId && hasUuid) {
    const ref = parseFormRef(formUuid!);
    const same = ref !== null && ("id" in ref ? ref.id === form.id : ref.uuid === form.uuid.toLowerCase());
    if (!same) throw new AppError("NOT_FOUND", MESSAGES.formNotFound);
  }
  return form;
}

/**
 * Rows of the window tried first for equality-filtered pages (see listSubmissions).
 * ~5 ms of index-order scan; at 1% selectivity it holds ~50 matches.
 */
export const WINDOW_ROWS = 5000;

/**
 * Submissions of one form visible to `access`, 20 a page, filtered (spec §4.15) and sorted
 * with `id` as the tie-break, so the order is total and pages never overlap.
 * totalCount is exact: the form's kept counter when unfiltered, else one count query that
 * runs in parallel with the page query. A page past the end is empty.
 *
 * Equality filters are answered by the GIN index, and the planner then reads every match
 * before sorting — 10,000 rows for a value in 1% of a million. When matches are that
 * common, the first page is among the first few thousand rows in sort order: so such a
 * page is first looked up in a window of the first WINDOW_ROWS rows (index order). The
 * window is a prefix of the full order, so a full page from it is exact; a short one means
 * matches are rare, and the normal query (cheap then) runs. The count runs alongside both.
 */
export async function listSubmissions(
  db: DbOrTx,
  access: FormAccess,
  params: ListSubmissionsParams,
): Promise<{ form: Form; submissions: ListedSubmission[]; totalCount: number }> {
  const form = await resolveListForm(db, access, params.formId, params.formUuid);
  const filters = parseFilters(form.elements, params.filterParams ?? []);

  // Tenant filter first, always: the form was checked against `access` above, and the
  // submissions themselves must belong to the same organization.
  const base = and(eq(submissions.organizationId, access.organizationId), eq(submissions.formId, form.id))!;
  const filter = filtersSql(filters);
  const where = filter ? and(base, filter) : base;
  const dir = params.sort.order === "asc" ? asc : desc;
  const sortColumn = SORT_COLUMNS[params.sort.field];
  const offset = pageOffset(params.page);
  // submissions_count is exact (kept in the same transaction as every insert/delete), so a
  // page past it is empty without scanning to the offset.
  const pastEnd = offset >= form.submissionsCount;

  const pageQuery = () =>
    pastEnd
      ? Promise.resolve([] as ListedSubmission[])
      : db
          .select({ id: submissions.id, data: submissions.data, createdAt: submissions.createdAt, updatedAt: submissions.updatedAt })
          .from(submissions)
          .where(where)
          .orderBy(dir(sortColumn), dir(submissions.id))
          .limit(PAGE_SIZE)
          .offset(offset);

  if (!filter) return { form, submissions: await pageQuery(), totalCount: form.submissionsCount };

  const countQuery: Promise<number> = db
    .select({ n: count() })
    .from(submissions)
    .where(where)
    .then((r) => r[0]?.n ?? 0);

  const windowRows = params.windowRows ?? WINDOW_ROWS;
  const useWindow = !pastEnd && usesContainmentIndex(filters) && form.submissionsCount > windowRows && offset < windowRows;
  if (!useWindow) {
    const [rows, totalCount] = await Promise.all([pageQuery(), countQuery]);
    return { form, submissions: rows, totalCount };
  }

  const w = db
    .select({
      id: submissions.id,
      data: submissions.data,
      createdAt: submissions.createdAt,
      updatedAt: submissions.updatedAt,
      duration: submissions.duration,
      matched: sql<boolean>`${filter}`.as("fh_matched"),
    })
    .from(submissions)
    .where(base)
    .orderBy(dir(sortColumn), dir(submissions.id))
    .limit(windowRows)
    .as("fh_window");
  const windowQuery = db
    .select({ id: w.id, data: w.data, createdAt: w.createdAt, updatedAt: w.updatedAt })
    .from(w)
    .where(sql`${w.matched}`)
    .orderBy(dir(w[WINDOW_SORT[params.sort.field]]), dir(w.id))
    .limit(PAGE_SIZE)
    .offset(offset);

  // The count runs meanwhile; a window that comes back short starts the normal query at once
  // (matches are rare then, so the index answers it quickly), still beside the count.
  countQuery.catch(() => {}); // awaited below; never an unhandled rejection if the window fails
  const found = await windowQuery;
  const rows = found.length === PAGE_SIZE ? found : await pageQuery();
  return { form, submissions: rows, totalCount: await countQuery };
}

const WINDOW_SORT = { created_at: "createdAt", updated_at: "updatedAt", duration: "duration" } as const;
