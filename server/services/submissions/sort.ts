export const SORT_FIELDS = ["created_at", "updated_at", "duration"] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortOrder = "asc" | "desc";
export type SubmissionSort = { field: SortField; order: SortOrder };

export const DEFAULT_SORT: SubmissionSort = { field: "created_at", order: "desc" };

/**
 * `sort` + `order` query values → a sort (spec §4.4):
 * - no `sort` (or an empty one): created_at, in the given order (default desc);
 * - one of created_at, updated_at, duration: that field, in the given order;
 * - any other `sort`: created_at descending, whatever `order` says;
 * - `order` is asc or desc, case-insensitive; any other value counts as desc.
 */
export function resolveSort(sort: string | undefined, order: string | undefined): SubmissionSort {
  const o: SortOrder = order?.trim().toLowerCase() === "asc" ? "asc" : "desc";
  const s = sort?.trim() ?? "";
  if (s === "") return { field: "created_at", order: o };
  if ((SORT_FIELDS as readonly string[]).includes(s)) return { field: s as SortField, order: o };
  return DEFAULT_SORT;
}
