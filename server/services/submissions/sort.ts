import "server-only";
import type { FieldResolver, FilterField } from "@/lib/filters/fields";

export const SORT_FIELDS = ["created_at", "updated_at", "duration"] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortOrder = "asc" | "desc";
/** A sort on a submission column (v2, and v1's created_at / updated_at). */
export type ColumnSort = { field: SortField; order: SortOrder };
/**
 * A sort on a form field's stored value (v1 only): numbers numerically for number fields,
 * dates as dates for date fields, text otherwise; missing values last in both directions.
 */
export type ValueSort = { field: "value"; target: FilterField; order: SortOrder };
export type SubmissionSort = ColumnSort | ValueSort;

export const DEFAULT_SORT: ColumnSort = { field: "created_at", order: "desc" };

/**
 * `sort` + `order` query values → a sort (`GET /api/v2/submissions`):
 * - no `sort` (or an empty one): created_at, in the given order (default desc);
 * - one of created_at, updated_at, duration: that field, in the given order;
 * - any other `sort`: created_at descending, whatever `order` says;
 * - `order` is asc or desc, case-insensitive; any other value counts as desc.
 */
export function resolveSort(sort: string | undefined, order: string | undefined): ColumnSort {
  const o: SortOrder = order?.trim().toLowerCase() === "asc" ? "asc" : "desc";
  const s = sort?.trim() ?? "";
  if (s === "") return { field: "created_at", order: o };
  if ((SORT_FIELDS as readonly string[]).includes(s)) return { field: s as SortField, order: o };
  return DEFAULT_SORT;
}

/** Submission columns v1 sorts by besides form fields (no duration: v1 never had it). */
const V1_COLUMNS: readonly string[] = ["created_at", "updated_at"];

/**
 * v1 `sort` + `order` (`GET /api/v1/submissions`) for a form's fields:
 * - `order`: asc (default) or desc, case-insensitive; any other value counts as asc;
 * - no `sort`: created_at;
 * - `created_at` / `updated_at`: that column (they win over a field labelled the same;
 *   address such a field by its element id);
 * - a field name — element id or exact label, name/address sub-fields by their own label,
 *   resolved exactly as filters resolve fields — sorts on the stored value;
 * - anything else (an unknown name, a matrix or repeat-field, a repeat-field component,
 *   which holds one value per row): created_at, in the given order.
 */
export function resolveV1Sort(fields: FieldResolver, sort: string | undefined, order: string | undefined): SubmissionSort {
  const column = v1ColumnSort(sort, order);
  if (column) return column;
  // Names are exact, like filter fields: a label with surrounding spaces is still found.
  const target = fields.resolve(sort!) ?? fields.resolve(sort!.trim());
  const o = v1Order(order);
  if (target && target.kind !== "structured" && target.location.at !== "component") return { field: "value", target, order: o };
  return { field: "created_at", order: o };
}

/** v1's sort when it needs no field to read: no `sort` (created_at) or a column's name; else null. */
export function v1ColumnSort(sort: string | undefined, order: string | undefined): ColumnSort | null {
  const s = sort?.trim() ?? "";
  if (s === "") return { field: "created_at", order: v1Order(order) };
  return V1_COLUMNS.includes(s) ? { field: s as SortField, order: v1Order(order) } : null;
}

const v1Order = (order: string | undefined): SortOrder => (order?.trim().toLowerCase() === "desc" ? "desc" : "asc");
