import { and, count, eq, sql, type AnyColumn, type SQL, type SQLWrapper } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { executePrepared } from "@/db/prepared";
import { forms, submissions, type Form } from "@/db/schema";
import { AppError, MESSAGES } from "@/server/errors";
import {
  formAccessFilter,
  formRefFilter,
  getAccessibleFormOrThrow,
  isDeferred,
  parseFormRef,
  settledAccess,
  type DeferredAccess,
  type FormAccess,
} from "@/server/services/forms/access";
import { submissionsCountSql } from "./submission-count";
import { FieldResolver, type FilterField } from "./fields";
import { castAs, filtersSql, rowTests, usesContainmentIndex, type FilterEngine } from "./filter-sql";
import { parseFilters, type Filter, type FilterParam } from "./filters";
import { countedFilter, DISTINCT_KEYS, indexedIdSet, KEY_LENGTH, type CountedFilter } from "./value-index";
import type { SubmissionSort } from "./sort";
import { PAGE_SIZE, pageOffset } from "@/server/services/lib/pagination";

export type ListSubmissionsParams = Omit<FormSubmissionsParams, "filters"> & {
  /** Numeric form id (`form_id`). */
  formId?: string | number;
  /** Form UUID (`form_uuid`); a numeric id is accepted too. */
  formUuid?: string;
  /** `<field>__<filter_type>` query parameters in the order given (see parseFilters). */
  filterParams?: readonly FilterParam[];
};

export type FormSubmissionsParams = {
  page: number;
  sort: SubmissionSort;
  /** Parsed filters (parseFilters), all of which must match. */
  filters?: readonly Filter[];
  /** Rows of the first-try window (default WINDOW_ROWS; 0 = never). For tests and benchmarks. */
  windowRows?: number;
  /** `json`: filters without the filter index (see FilterEngine). For tests and benchmarks. */
  engine?: FilterEngine;
  /** The size from which an index filter is too large to drive (see planFilters). For tests and benchmarks. */
  driveCap?: number;
  /** The first probe's limit of a counted filter (see countedCount). For tests. */
  countLimit?: number;
  /** The most distinct values a `contains` is counted through (default DISTINCT_KEYS; see splitByKeys). For tests. */
  distinctKeys?: number;
};

/** A listed row; `duration` is for the dashboard (v1/v2 leave it out of their shapes). */
export type ListedSubmission = Pick<(typeof submissions)["$inferSelect"], "id" | "data" | "spam" | "duration" | "createdAt" | "updatedAt">;

/**
 * The sort key of a field's stored value (v1 `sort=<field>`), NULL when missing — so it
 * sorts last in both directions. The kind follows the field, as filters compare it: number
 * fields numerically, date fields as instants (a date is its UTC midnight), everything else
 * as case-insensitive text by code point (`collate "C"`: the same order on every database).
 * Values of the wrong shape (text in a number field, blank text) count as missing; a
 * multi-select sorts by its first value.
 */
function valueSortKey(f: FilterField): SQL {
  const element = sql`(${submissions.data} -> ${f.elementId}::text)`;
  const stored = f.location.at === "subfield" ? sql`(${element} -> ${f.location.fixedname}::text)` : element;
  const j = f.kind === "choice" ? sql`(case when jsonb_typeof(${stored}) = 'array' then ${stored} -> 0 else ${stored} end)` : stored;
  const t = sql`(${j} #>> '{}')`;
  if (f.compareAs === "number") return castAs("number", j, t);
  if (f.compareAs === "date") return castAs("timestamp", j, t);
  return sql`lower(nullif(btrim(${t}), '')) collate "C"`;
}

/**
 * ORDER BY of a sort, read from `cols` (the table, or the first-try window). Submission id
 * breaks ties in the same direction, so the order is total and pages never overlap.
 */
type SortColumns = Record<"id" | "createdAt" | "updatedAt" | "duration", AnyColumn | SQLWrapper>;

function orderBy(sort: SubmissionSort, cols: SortColumns, fenced = false): SQL[] {
  const dir = sql.raw(sort.order);
  if (sort.field === "value") return [sql`${valueSortKey(sort.target)} ${dir} nulls last`, sql`${cols.id} ${dir}`];
  const column = { created_at: cols.createdAt, updated_at: cols.updatedAt, duration: cols.duration }[sort.field];
  // Column sorts keep PostgreSQL's default null placement (a missing duration is last ascending,
  // first descending), which is what the (form_id, column, id) indexes are ordered by.
  // `fenced`: the same order as an expression no index provides, so the planner starts from the
  // filters and sorts the matches, instead of walking the sort index hoping to meet them soon.
  const key = fenced ? sql`(${column} + ${sql.raw(sort.field === "duration" ? "0" : "interval '0 s'")})` : sql`${column}`;
  return [sql`${key} ${dir}`, sql`${cols.id} ${dir}`];
}

/**
 * totalCount from the filter index alone, when every filter reads it: the intersection of the
 * wanted id sets minus the union of the unwanted ones, each an index-only range scan, never
 * reading a submission (a semi-join fetches every match's row at random: ~3× the time at
 * 10,000 matches). With no wanted set, the form's exact count minus the unwanted. Null when a
 * filter is an equality (the GIN index's). The form was checked against `access` by the
 * caller, and the statement checks it again.
 */
async function indexOnlyCount(
  db: DbOrTx,
  access: FormAccess,
  form: Form,
  filters: readonly Filter[],
  tuning: Pick<FormSubmissionsParams, "countLimit" | "distinctKeys">,
): Promise<number | null> {
  if (filters.length === 1) {
    const n = await countedCount(db, access, form, filters[0]!, tuning);
    if (n !== null) return n;
  }
  const sets = filters.map((f) => indexedIdSet(f.field, f.condition, f.negate, form.id));
  if (sets.length === 0 || sets.some((x) => x === null)) return null;
  const keep = sets.filter((x) => x!.keep);
  const drop = sets.filter((x) => !x!.keep);
  const part = (x: (typeof sets)[number]) => sql`(${x!.ids})`;
  const union = sql.join(drop.map(part), sql` union `);
  let ids: SQL;
  let counted = sql`count(*)`;
  if (keep.length === 0) ids = union;
  else ids = drop.length ? sql`(${sql.join(keep.map(part), sql` intersect `)}) except (${union})` : sql.join(keep.map(part), sql` intersect `);
  // A set operation leaves each id once; so does one set whose submissions have one row each.
  const single = sets.length === 1 ? sets[0]! : null;
  if (single && !single.unique) counted = sql`count(distinct fh_ids.submission_id)`;
  const [row] = await db.execute<{ n: number }>(sql`
    select ${counted}::int as n from (${ids}) as fh_ids
    where exists (select 1 from ${forms} where ${forms.id} = ${form.id} and ${forms.organizationId} = ${access.organizationId})`);
  const n = row?.n ?? 0;
  // Only unwanted sets: every submission of the form (its exact kept count) but those.
  return keep.length === 0 ? Math.max(0, form.submissionsCount - n) : n;
}

/**
 * Whether indexOnlyCount can answer `filters`: one filter with a counter, or every filter an
 * index set. Else the count reads the submissions' rows (as it does, rarely, when a counter
 * gives up and no index set stands in: indexOnlyCount's null).
 */
function indexCountable(form: Form, filters: readonly Filter[]): boolean {
  const [only] = filters;
  if (filters.length === 1 && countedFilter(only!.field, only!.condition, only!.negate, form.id)) return true;
  return filters.length > 0 && filters.every((f) => indexedIdSet(f.field, f.condition, f.negate, form.id) !== null);
}

/**
 * totalCount of one filter on a place with one value per submission, from the place's
 * counters (countedFilter): is_empty/is_filled read the counter alone; a typed comparison
 * counts its matching rows up to a fiftieth of the form, and past that its refused rows, the
 * matches being the counted values minus those; only when both are large is the matching set
 * counted in full. One statement for a selective filter, two for one that holds for most of
 * its field. Null when the filter has no counter. The statements check the tenant.
 */
async function countedCount(
  db: DbOrTx,
  access: FormAccess,
  form: Form,
  filter: Filter,
  tuning: Pick<FormSubmissionsParams, "countLimit" | "distinctKeys">,
): Promise<number | null> {
  const counted = countedFilter(filter.field, filter.condition, filter.negate, form.id);
  if (!counted) return null;
  const plan: (CountedFilter & { none?: boolean }) | null = counted.distinct ? await splitByKeys(db, counted, tuning.distinctKeys) : counted;
  if (!plan) return null;
  const limit = tuning.countLimit ?? Math.max(1000, Math.floor(form.submissionsCount / 50));
  const upTo = (rows: SQL[], max?: number) =>
    sql`(select count(*)::int from (${sql.join(rows, sql` union all `)}${max === undefined ? sql`` : sql` limit ${max}`}) as fh_rows)`;
  const tenant = sql`from ${forms} where ${forms.id} = ${form.id} and ${forms.organizationId} = ${access.organizationId}`;
  const [first] = await db.execute<{ counted: number; rows: number | null }>(
    sql`select (${plan.counted}) as counted, ${plan.rows ? upTo([plan.rows], limit) : sql`null::int`} as rows ${tenant}`,
  );
  if (!first) return 0;
  let matching: number;
  if (plan.none) matching = 0;
  else if (first.rows === null) matching = first.counted; // is_empty/is_filled: the counter itself
  else if (first.rows < limit) matching = first.rows; // all of them, counted
  else if (plan.others.length === 0) matching = first.counted; // no value refuses it
  else {
    const [second] = await db.execute<{ refused: number }>(sql`select ${upTo(plan.others, limit)} as refused ${tenant}`);
    const refused = second?.refused ?? 0;
    if (refused < limit) matching = first.counted - refused;
    else {
      const [all] = await db.execute<{ rows: number }>(sql`select ${upTo([plan.rows!])} as rows ${tenant}`);
      matching = all?.rows ?? 0;
    }
  }
  return plan.keep ? matching : Math.max(0, form.submissionsCount - matching);
}

/**
 * A `contains` counted through the field's distinct text keys: the rows of the keys that
 * contain the text, or the counter minus the rows of those that do not. Null (the trigram
 * index counts it) past DISTINCT_KEYS keys, or when a key may be cut (KEY_LENGTH).
 */
async function splitByKeys(db: DbOrTx, counted: CountedFilter, cap = DISTINCT_KEYS): Promise<(CountedFilter & { none?: boolean }) | null> {
  const keys = await db.execute<{ k: string; hit: boolean }>(counted.distinct!.keys(cap));
  if (keys.length > cap || keys.some((x) => [...x.k].length >= KEY_LENGTH)) return null;
  const hits = keys.filter((x) => x.hit).map((x) => x.k);
  const misses = keys.filter((x) => !x.hit).map((x) => x.k);
  const { rowsOf } = counted.distinct!;
  // No key contains it: nothing matches (the counter's statement still checks the tenant).
  if (hits.length === 0) return { ...counted, none: true };
  return { ...counted, rows: rowsOf(hits), others: misses.length ? [rowsOf(misses)] : [] };
}

/** Least size of a set too large to drive a multi-filter request (see planFilters). */
const MIN_DRIVE_CAP = 1000;

/**
 * How a request with several filters and no equality is answered. Joining or intersecting
 * the filters' index sets costs their total size, so three large sets (50 %, 20 %, and a
 * trigram search that rechecks every value) cost more than one sequential pass of the JSON
 * engine (bench: 18 s against 3.6 s). So the filter with the smallest index set drives: one
 * statement counts each positive btree set up to `cap` (a tenth of the form; index-only, so
 * at most `cap` entries each; first up to a twentieth of that, which settles most requests), and
 * - every filter a btree set, all smaller than `cap`: the index answers alone (`index`:
 *   semi-joins, counts by intersection, as for one filter);
 * - else the smallest set, when below `cap`, yields the candidates and the other filters are
 *   tested on their rows by the JSON engine (`drive`): a tenth of the form's rows at most,
 *   fetched by primary key;
 * - else (every set large, or none positive) the JSON engine answers (`json`): one pass over
 *   the form, which no combination of large index sets beats.
 * A `contains` set (trigram) drives only when no btree set can: its cost is the trigram
 * search's, whatever its size. Null: one filter, an equality (the GIN index drives), or json.
 * The form was checked against the tenant by the caller; the probes' counts only pick the
 * plan, and the statements that return rows keep the tenant filter.
 */
async function planFilters(
  db: DbOrTx,
  form: Form,
  filters: readonly Filter[],
  params: FormSubmissionsParams,
): Promise<{ filter: SQL; indexCount: boolean } | null> {
  if (params.engine === "json" || filters.length < 2 || usesContainmentIndex(filters)) return null;
  const sets = filters.map((f) => indexedIdSet(f.field, f.condition, f.negate, form.id));
  const positive = sets.flatMap((x, i) => (x?.keep ? [i] : []));
  const btree = positive.filter((i) => filters[i]!.condition.op !== "contains");
  const candidates = btree.length ? btree : positive;
  const json = { filter: filtersSql(filters, form.id, "json")!, indexCount: false };
  if (candidates.length === 0) return json;
  const cap = params.driveCap ?? Math.max(MIN_DRIVE_CAP, Math.floor(form.submissionsCount / 10));
  const probe = async (limit: number) => {
    const counts = candidates.map((i) => sql`(select count(*)::int from (${sets[i]!.ids} limit ${limit}) as fh_probe)`);
    const [row] = await db.execute<{ n: number[] }>(sql`select array[${sql.join(counts, sql`, `)}] as n`);
    return row?.n ?? [];
  };
  // A first probe at a twentieth of the cap: when a set is that small (the usual case of a
  // selective filter) it is the smallest, and the large sets are read no further.
  const early = Math.floor(cap / 20);
  let sizes = early >= 1 ? await probe(early) : [];
  let limit = early;
  if (!sizes.some((n) => n < early)) {
    sizes = await probe(cap);
    limit = cap;
  }
  const least = Math.min(...sizes);
  if (least >= limit) return json;
  if (btree.length === filters.length && sizes.every((n) => n < limit)) return { filter: filtersSql(filters, form.id, "index")!, indexCount: true };
  const driver = candidates[sizes.indexOf(least)]!;
  const others = rowTests(filters.filter((_, i) => i !== driver));
  return { filter: and(sql`${submissions.id} in (${sets[driver]!.ids})`, others)!, indexCount: false };
}

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
  const { ref, check } = listFormRef(formId, formUuid);
  return check(await getAccessibleFormOrThrow(db, access, ref));
}

/**
 * The reference to look a listing's form up by, and the check of the form found (404 unless
 * both parameters name it); the 400/404 that need no lookup are thrown here.
 */
function listFormRef(
  formId: string | number | undefined,
  formUuid: string | undefined,
): { ref: string | number; check: <F extends ListedForm>(form: F) => F } {
  const hasId = formId !== undefined && String(formId).trim() !== "";
  const hasUuid = formUuid !== undefined && formUuid.trim() !== "";
  if (!hasId && !hasUuid) throw new AppError("BAD_REQUEST", MESSAGES.formRequired);
  if (hasId) {
    // form_id is the numeric id only; a UUID belongs in form_uuid.
    const ref = parseFormRef(formId!);
    if (!ref || !("id" in ref)) throw new AppError("NOT_FOUND", MESSAGES.formNotFound);
  }
  const check = <F extends ListedForm>(form: F) => {
    if (hasId && hasUuid) {
      const ref = parseFormRef(formUuid!);
      const same = ref !== null && ("id" in ref ? ref.id === form.id : ref.uuid === form.uuid.toLowerCase());
      if (!same) throw new AppError("NOT_FOUND", MESSAGES.formNotFound);
    }
    return form;
  };
  return { ref: hasId ? formId! : formUuid!, check };
}

/** What a listing says of its form (the v2 meta). */
export type ListedForm = Pick<Form, "id" | "uuid">;

/** The columns of a listed row (ListedSubmission). */
export const LISTED_COLUMNS = {
  id: submissions.id,
  data: submissions.data,
  spam: submissions.spam,
  duration: submissions.duration,
  createdAt: submissions.createdAt,
  updatedAt: submissions.updatedAt,
};

/** A row of firstPageWithForm's page, as row_to_json spells it. */
type PageJson = { id: string; data: unknown; spam: boolean; duration: number | null; created_at: string; updated_at: string };
/** firstPageWithForm's form, its count and page, as to_json spells them. */
type FormJson = { id: number; uuid: string; submissions_count: number; page: PageJson[] };

/**
 * Page 1 of an unfiltered listing sorted by a column, with its form, in one statement (one
 * round trip instead of two): the form as findAccessibleForm finds it (only what the listing
 * says of it: not its elements, which only filters need), the page as listFormSubmissions reads
 * it (the same tenant filter, order and index), totalCount the form's exact counter. A
 * deferred access's check, when it offers it (takeCheck), rides in the same statement: the
 * API's usual request is then one round trip in all. Null when no form matches `access`: a
 * 404 — or, for a deferred access, perhaps a token that is not valid, which its check answers.
 */
async function firstPageWithForm(
  db: DbOrTx,
  access: FormAccess | DeferredAccess,
  ref: string | number,
  sort: SubmissionSort & { field: "created_at" | "updated_at" | "duration" },
): Promise<{ form: ListedForm; submissions: ListedSubmission[]; totalCount: number } | null> {
  const parsed = parseFormRef(ref);
  if (!parsed) return null;
  const page = db
    .select(LISTED_COLUMNS)
    .from(submissions)
    // The form row below passed the access filter: its organization is the tenant.
    .where(and(eq(submissions.organizationId, forms.organizationId), eq(submissions.formId, forms.id)))
    .orderBy(...orderBy(sort, submissions));
  // The page size is written into the text, not passed as a value: with `limit $n` the
  // planner prices a generic plan for an unknown row count, finds it dearer than a plan for
  // 20, and plans the prepared statement afresh on every call (~0.4 ms).
  const pageSize = sql.raw(String(PAGE_SIZE));
  const p = (column: string) => sql.raw(`fh_page.${column}`);
  const pageOrder = orderBy(sort, { id: p("id"), createdAt: p("created_at"), updatedAt: p("updated_at"), duration: p("duration") });
  const riding = isDeferred(access) ? (access.takeCheck?.() ?? null) : null;
  const tenant = riding ? { ...access, tenantSql: riding.tenantSql } : access;
  const form = sql`select ${forms.id} as id, ${forms.uuid} as uuid, ${submissionsCountSql} as submissions_count,
      (select coalesce(json_agg(fh_page order by ${sql.join(pageOrder, sql`, `)}), '[]') from (${page} limit ${pageSize}) as fh_page) as page
    from ${forms} where ${and(formAccessFilter(tenant), formRefFilter(parsed))} limit 1`;
  const formColumn = sql`(select to_json(fh_form) from (${form}) as fh_form) as fh_form`;
  // Prepared (db/prepared.ts): the text varies only with the sort, the reference's kind and the access's.
  let row: { fh_form: FormJson | null; fh_check?: unknown } | undefined;
  if (riding) {
    try {
      [row] = await executePrepared<typeof row>(db, sql`with ${riding.ctes} select ${riding.column}, ${formColumn}`);
    } catch (e) {
      riding.fail(e);
      throw e;
    }
    riding.settle(row?.fh_check);
  } else {
    [row] = await executePrepared<typeof row>(db, sql`select ${formColumn}`);
  }
  if (!row?.fh_form) return null;
  const { page: rows, submissions_count: totalCount, id, uuid } = row.fh_form;
  return {
    form: { id, uuid },
    submissions: rows.map((r) => ({
      id: r.id,
      data: r.data as ListedSubmission["data"],
      spam: r.spam,
      duration: r.duration,
      createdAt: new Date(r.created_at),
      updatedAt: new Date(r.updated_at),
    })),
    totalCount,
  };
}

/** How many submissions `where` matches, reading each. */
const countMatches = (db: DbOrTx, where: SQL) =>
  db
    .select({ n: count() })
    .from(submissions)
    .where(where)
    .then((r) => r[0]?.n ?? 0);

/**
 * A page and its totalCount from one pass over the matching rows, for filters whose count
 * must read each match's submission row (an equality's GIN candidates, the JSON engine):
 * a separate count and page query would each fetch and test every candidate (~2 × 65 ms
 * for 10,000 candidates on the bench), and a first-try window would only add to that. The
 * matches' ids and sort keys are counted (`count(*) over ()`) and the page's ids picked
 * (a top-N sort); then only the page's rows are read in full. A page past the last match
 * holds no count: the count query answers then.
 */
async function pageWithCount(
  db: DbOrTx,
  where: SQL,
  sort: SubmissionSort,
  offset: number,
  pastEnd: boolean,
): Promise<{ submissions: ListedSubmission[]; totalCount: number }> {
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
    .orderBy(...orderBy(sort, submissions, true))
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

/**
 * Rows of the window tried first for equality-filtered pages (see listFormSubmissions).
 * ~5 ms of index-order scan; at 1% selectivity it holds ~50 matches.
 */
export const WINDOW_ROWS = 5000;

/**
 * Submissions of the form named by `form_id` / `form_uuid` (v2): see listFormSubmissions.
 * Page 1 without filters and sorted by a column, the API's usual request, is one statement
 * (firstPageWithForm), which a deferred access (a token checked meanwhile) can filter;
 * everything else waits for the access to be checked.
 */
export async function listSubmissions(
  db: DbOrTx,
  access: FormAccess | DeferredAccess,
  params: ListSubmissionsParams,
): Promise<{ form: ListedForm; submissions: ListedSubmission[]; totalCount: number }> {
  const { ref, check } = listFormRef(params.formId, params.formUuid);
  const { sort } = params;
  if (params.page === 1 && !params.filterParams?.length && sort.field !== "value") {
    const first = await firstPageWithForm(db, access, ref, sort);
    if (first) return { ...first, form: check(first.form) };
    if (!isDeferred(access)) throw new AppError("NOT_FOUND", MESSAGES.formNotFound);
    // No form for a deferred access: the token may be invalid (its check answers that), or
    // it changed between the two statements; the checked access answers as usual.
  }
  return listSubmissionsChecked(db, await settledAccess(access), params);
}

async function listSubmissionsChecked(db: DbOrTx, access: FormAccess, params: ListSubmissionsParams) {
  const form = await resolveListForm(db, access, params.formId, params.formUuid);
  const filters = parseFilters(new FieldResolver(form.elements), params.filterParams ?? []);
  return { form, ...(await listFormSubmissions(db, access, form, { ...params, filters })) };
}

/**
 * Submissions of `form` (already checked against `access`), 20 a page, filtered (filters.ts)
 * and sorted with `id` as the tie-break, so the order is total and pages never overlap.
 * totalCount is exact: the form's kept counter when unfiltered; from the filter index alone
 * when it can count every filter (indexOnlyCount), beside the page query; else from the
 * same pass over the matches that picks the page (pageWithCount). A page past the end is
 * empty.
 *
 * When the count comes from the index, the page is first looked up in a window of the first
 * WINDOW_ROWS rows in sort order (index order): with matches as common as 1 %, the first page
 * is among them, where reading every match and sorting would cost 10,000 rows for a value in
 * 1 % of a million. The window is a prefix of the full order, so a full page from it is
 * exact; a short one means matches are rare, and the normal query (cheap then) runs. Sorts on
 * a field's value (v1) have no index order, so they never use the window.
 */
export async function listFormSubmissions(
  db: DbOrTx,
  access: FormAccess,
  form: Form,
  params: FormSubmissionsParams,
): Promise<{ submissions: ListedSubmission[]; totalCount: number }> {
  const filters = params.filters ?? [];

  // Tenant filter first, always: the form was checked against `access` by the caller, and
  // the submissions themselves must belong to the same organization.
  const base = and(eq(submissions.organizationId, access.organizationId), eq(submissions.formId, form.id))!;
  const plan = await planFilters(db, form, filters, params);
  const filter = plan ? plan.filter : filtersSql(filters, form.id, params.engine);
  const where = (filter ? and(base, filter) : base)!;
  const offset = pageOffset(params.page);
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
          .orderBy(...orderBy(params.sort, submissions, fenced))
          .limit(PAGE_SIZE)
          .offset(offset);

  if (!filter) return { submissions: await pageQuery(), totalCount: form.submissionsCount };

  const indexCount = params.engine !== "json" && (plan?.indexCount ?? true) && indexCountable(form, filters);
  // The count reads every match's row anyway: the page comes from the same pass.
  if (!indexCount) return pageWithCount(db, where, params.sort, offset, pastEnd);

  const countQuery: Promise<number> = indexOnlyCount(db, access, form, filters, params).then((n) => n ?? countMatches(db, where));

  const windowRows = params.windowRows ?? WINDOW_ROWS;
  const useWindow =
    !pastEnd &&
    params.sort.field !== "value" &&
    (usesContainmentIndex(filters) || filters.some((f) => indexedIdSet(f.field, f.condition, f.negate, form.id))) &&
    form.submissionsCount > windowRows &&
    offset < windowRows;
  if (!useWindow) {
    const [rows, totalCount] = await Promise.all([pageQuery(), countQuery]);
    return { submissions: rows, totalCount };
  }

  const windowFilter = plan ? plan.filter : filtersSql(filters, form.id, params.engine, true)!;
  const w = db
    .select({ ...LISTED_COLUMNS, matched: sql<boolean>`${windowFilter}`.as("fh_matched") })
    .from(submissions)
    .where(base)
    .orderBy(...orderBy(params.sort, submissions))
    .limit(windowRows)
    .as("fh_window");
  const windowQuery = db
    .select({ id: w.id, data: w.data, spam: w.spam, duration: w.duration, createdAt: w.createdAt, updatedAt: w.updatedAt })
    .from(w)
    .where(sql`${w.matched}`)
    .orderBy(...orderBy(params.sort, w))
    .limit(PAGE_SIZE)
    .offset(offset);

  // The count runs meanwhile; a window that comes back short starts the normal query at once
  // (matches are rare then, so the index answers it quickly), still beside the count.
  countQuery.catch(() => {}); // awaited below; never an unhandled rejection if the window fails
  const found = await windowQuery;
  // A short window: matches are rare in sort order, so the page is found from the filters' side.
  const rows = found.length === PAGE_SIZE ? found : await pageQuery(true);
  return { submissions: rows, totalCount: await countQuery };
}
