/*
 * ORDER BY of a listing. The submission id breaks ties in the sort's direction, so the order
 * is total and pages never overlap.
 */
import "server-only";
import { sql, type AnyColumn, type SQL, type SQLWrapper } from "drizzle-orm";
import { submissions } from "@/db/schema";
import type { FilterField } from "@/lib/filters/fields";
import { castAs } from "../filter-sql";
import type { SubmissionSort } from "../sort";

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

/** Where a listing's sort columns are read from: the table, or a subquery's columns (a window, a page of ids). */
export type SortColumns = Record<"id" | "createdAt" | "updatedAt" | "duration", AnyColumn | SQLWrapper>;

/**
 * ORDER BY of `sort`, read from `cols`. Column sorts keep PostgreSQL's default null placement
 * (a missing duration is last ascending, first descending), which is what the
 * (form_id, column, id) indexes are ordered by.
 */
export function orderBy(sort: SubmissionSort, cols: SortColumns = submissions): SQL[] {
  const dir = sql.raw(sort.order);
  if (sort.field === "value") return [sql`${valueSortKey(sort.target)} ${dir} nulls last`, sql`${cols.id} ${dir}`];
  const column = { created_at: cols.createdAt, updated_at: cols.updatedAt, duration: cols.duration }[sort.field];
  return [sql`${column} ${dir}`, sql`${cols.id} ${dir}`];
}

/**
 * The same order as an expression no index provides, so the planner starts from the filters
 * and sorts the matches, instead of walking the sort index hoping to meet them soon (with the
 * sort column correlated to the filter, that walk read the whole form).
 */
export function fencedOrderBy(sort: SubmissionSort): SQL[] {
  if (sort.field === "value") return orderBy(sort);
  const dir = sql.raw(sort.order);
  const column = { created_at: submissions.createdAt, updated_at: submissions.updatedAt, duration: submissions.duration }[sort.field];
  const key = sql`(${column} + ${sql.raw(sort.field === "duration" ? "0" : "interval '0 s'")})`;
  return [sql`${key} ${dir}`, sql`${submissions.id} ${dir}`];
}
