/*
 * A page of a form's submissions (20 rows, with `id` breaking ties) and its exact totalCount,
 * once the form is resolved and checked against the access and its filters are parsed.
 */
import "server-only";
import { and, count, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { submissions, type Form } from "@/db/schema";
import type { FormAccess } from "@/server/services/forms/access";
import { PAGE_SIZE, pageOffset } from "@/server/services/lib/pagination";
import { filtersSql, usesContainmentIndex } from "../filter-sql";
import type { Filter } from "@/lib/filters/filters";
import type { SubmissionSort } from "../sort";
import { indexedIdSet } from "../value-index";
import { countMatches, indexCountable, indexOnlyCount } from "./count";
import { LISTED_COLUMNS, type ListedSubmission } from "./listed";
import { fencedOrderBy, orderBy } from "./order";
import { planFilters, planFilterSql, queryLimits, type FilterPlan, type QueryLimits } from "./plan";
import type { SpamView } from "./request";
import { formSubmissions, submissionSetWhere } from "./where";

/** A page of one form, in the query's own terms. */
export type FormPageQuery = { page: number; sort: SubmissionSort; filters: readonly Filter[] };
type Page = { submissions: ListedSubmission[]; totalCount: number };
type ListedFormRow = Pick<Form, "id" | "submissionsCount">;

/** A page of `form` (checked against `access`), planned with `limits` (querySubmissions passes queryLimits of the form). */
export async function listFormPage(
  db: DbOrTx,
  access: FormAccess,
  form: ListedFormRow,
  query: FormPageQuery,
  limits: QueryLimits,
): Promise<Page> {
  return readPage(db, access, form, query, await planFilters(db, form, query.filters, limits.driveCap), limits);
}

/** The JSON engine's page (every filter tested on each row's JSON): the filter index's baseline in the bench and the tests. */
export function jsonEnginePage(db: DbOrTx, access: FormAccess, form: ListedFormRow, query: FormPageQuery): Promise<Page> {
  return readPage(db, access, form, query, { by: "json" }, queryLimits(form.submissionsCount));
}

/**
 * A page of `form` by `plan`. totalCount is exact: the form's kept counter when unfiltered;
 * from the filter index alone when it can count every filter (indexOnlyCount), beside the
 * page query; else from the same pass over the matches that picks the page (pageWithCount).
 * A page past the end is empty.
 *
 * When the count comes from the index, the page is first looked up in a window of the first
 * `windowRows` rows in sort order (index order): with matches as common as 1 %, the first page
 * is among them, where reading every match and sorting would cost 10,000 rows for a value in
 * 1 % of a million. The window is a prefix of the full order, so a full page from it is
 * exact; a short one means matches are rare, and the normal query (cheap then) runs. Sorts on
 * a field's value (v1) have no index order, so they never use the window.
 */
export async function readPage(
  db: DbOrTx,
  access: FormAccess,
  form: ListedFormRow,
  query: FormPageQuery,
  plan: FilterPlan,
  limits: QueryLimits,
): Promise<Page> {
  const { filters, sort } = query;
  const base = formSubmissions(access, form.id);
  const filter = planFilterSql(plan, filters, form.id);
  const where = (filter ? and(base, filter) : base)!;
  const offset = pageOffset(query.page);
  // submissions_count is exact (kept in the same transaction as every insert/delete), so a
  // page past it is empty without scanning to the offset.
  const pastEnd = offset >= form.submissionsCount;
  const pageQuery = (fenced = false) =>
    pastEnd
      ? Promise.resolve([] as ListedSubmission[])
      : db
          .select(LISTED_COLUMNS)
          .from(submissions)
          .where(where)
          .orderBy(...(fenced ? fencedOrderBy(sort) : orderBy(sort)))
          .limit(PAGE_SIZE)
          .offset(offset);

  if (!filter) return { submissions: await pageQuery(), totalCount: form.submissionsCount };
  // The count reads every match's row anyway: the page comes from the same pass.
  if (plan.by !== "each" || !indexCountable(form, filters)) return pageWithCount(db, where, sort, offset, pastEnd);

  const countQuery: Promise<number> = indexOnlyCount(db, access, form, filters, limits).then((n) => n ?? countMatches(db, where));
  const useWindow =
    !pastEnd &&
    sort.field !== "value" &&
    (usesContainmentIndex(filters) || filters.some((f) => indexedIdSet(f.field, f.condition, f.negate, form.id))) &&
    form.submissionsCount > limits.windowRows &&
    offset < limits.windowRows;
  if (!useWindow) {
    const [rows, totalCount] = await Promise.all([pageQuery(), countQuery]);
    return { submissions: rows, totalCount };
  }
  // The count runs meanwhile; a window that comes back short starts the normal query at once
  // (matches are rare then, so the index answers it quickly), still beside the count.
  countQuery.catch(() => {}); // awaited below; never an unhandled rejection if the window fails
  const found = await windowPage(db, base, filtersSql(filters, form.id, true)!, sort, offset, limits.windowRows);
  // A short window: matches are rare in sort order, so the page is found from the filters' side.
  const rows = found.length === PAGE_SIZE ? found : await pageQuery(true);
  return { submissions: rows, totalCount: await countQuery };
}

/** The page among the first `windowRows` rows of the form in sort order (index order), each tested by `filter`. */
function windowPage(db: DbOrTx, base: SQL, filter: SQL, sort: SubmissionSort, offset: number, windowRows: number) {
  const w = db
    .select({ ...LISTED_COLUMNS, matched: sql<boolean>`${filter}`.as("fh_matched") })
    .from(submissions)
    .where(base)
    .orderBy(...orderBy(sort))
    .limit(windowRows)
    .as("fh_window");
  return db
    .select({ id: w.id, data: w.data, spam: w.spam, duration: w.duration, createdAt: w.createdAt, updatedAt: w.updatedAt })
    .from(w)
    .where(sql`${w.matched}`)
    .orderBy(...orderBy(sort, w))
    .limit(PAGE_SIZE)
    .offset(offset);
}

/**
 * A page and its totalCount from one pass over the matching rows, for filters whose count
 * must read each match's submission row (an equality's GIN candidates, the JSON engine):
 * a separate count and page query would each fetch and test every candidate (~2 × 65 ms
 * for 10,000 candidates on the bench), and a first-try window would only add to that. The
 * matches' ids and sort keys are counted (`count(*) over ()`) and the page's ids picked
 * (a top-N sort); then only the page's rows are read in full. A page past the last match
 * holds no count: the count query answers then.
 */
async function pageWithCount(db: DbOrTx, where: SQL, sort: SubmissionSort, offset: number, pastEnd: boolean): Promise<Page> {
  if (pastEnd) return { submissions: [], totalCount: await countMatches(db, where) };
  const page = db
    .select({
      id: submissions.id,
      createdAt: submissions.createdAt,
      updatedAt: submissions.updatedAt,
      duration: submissions.duration,
      total: sql<number>`(count(*) over ())::int`.as("fh_total"),
    })
    .from(submissions)
    .where(where)
    // Fenced: every match is read for the count, so the matches are sorted rather than the
    // sort index walked.
    .orderBy(...fencedOrderBy(sort))
    .limit(PAGE_SIZE)
    .offset(offset)
    .as("fh_page");
  const rows = await db
    .select({ ...LISTED_COLUMNS, total: page.total })
    .from(page)
    .innerJoin(submissions, eq(submissions.id, page.id))
    .orderBy(...orderBy(sort, page));
  if (rows.length === 0) return { submissions: [], totalCount: offset === 0 ? 0 : await countMatches(db, where) };
  return { submissions: rows.map(({ total: _, ...row }) => row), totalCount: rows[0]!.total };
}

/** A page of one side of the spam flag (the dashboard's spam views): the set's WHERE, in sort order, and its count beside it. */
export async function spamViewPage(
  db: DbOrTx,
  access: FormAccess,
  form: Pick<Form, "id">,
  query: FormPageQuery,
  view: Exclude<SpamView, "all">,
): Promise<Page> {
  const where = submissionSetWhere(access, form, query.filters, view);
  const [rows, total] = await Promise.all([
    db
      .select(LISTED_COLUMNS)
      .from(submissions)
      .where(where)
      .orderBy(...orderBy(query.sort))
      .limit(PAGE_SIZE)
      .offset(pageOffset(query.page)),
    db.select({ n: count() }).from(submissions).where(where),
  ]);
  return { submissions: rows, totalCount: total[0]?.n ?? 0 };
}
