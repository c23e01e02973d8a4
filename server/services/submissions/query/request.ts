/*
 * What a caller asks the query for, as its surface spells it, and the same read against the
 * form's fields: the filters and the sort the query runs.
 */
import "server-only";
import type { Form } from "@/db/schema";
import { FieldResolver } from "@/lib/filters/fields";
import { parseFilterRows, type FilterRow } from "../filter-rows";
import { parseFilters, type Filter, type FilterParam } from "@/lib/filters/filters";
import { resolveV1Sort, v1ColumnSort, type ColumnSort, type SubmissionSort } from "../sort";
import { v1FilterParams } from "../v1-filters";
import type { FormTarget } from "./target";

/** Which submissions the dashboard shows: every one (as v1 and v2 list them), or one side of the spam flag. */
export const SPAM_VIEWS = ["all", "not_spam", "spam"] as const;
export type SpamView = (typeof SPAM_VIEWS)[number];

/** Filters as a surface spells them; all must match. */
export type FilterSpelling =
  /** `<field>__<filter_type>=<value>` parameters, in the order given (`GET /api/v2/submissions`). */
  | { v2: readonly FilterParam[] }
  /** `{field}=value` and `{field}__gte|__gt|__lte|__lt=value` parameters (`GET /api/v1/submissions`), read as v2's. */
  | { v1: readonly FilterParam[] }
  /** The dashboard's filter rows: v2's parameters in parts; an error names its row (`["filters", i]`). */
  | { rows: readonly FilterRow[] };

/** A sort as a surface spells it: a column sort, or v1's `sort` + `order`, which may name a field. */
export type SortSpelling = ColumnSort | { v1: { sort?: string; order?: string } };

export type SubmissionQuery = {
  form: FormTarget;
  filters?: FilterSpelling;
  sort: SortSpelling;
  /** Default `all`. */
  view?: SpamView;
};

/** The filters and the sort of `query`, read against the form's fields (400s name what is wrong). */
export function readQuery(form: Pick<Form, "elements">, query: SubmissionQuery): { filters: Filter[]; sort: SubmissionSort } {
  // One resolver for the sort, v1's translation and the filter parser.
  let resolver: FieldResolver | undefined;
  const fields = () => (resolver ??= new FieldResolver(form.elements));
  const sort = "v1" in query.sort ? resolveV1Sort(fields(), query.sort.v1.sort, query.sort.v1.order) : query.sort;
  const spelled = query.filters;
  let filters: Filter[] = [];
  if (spelled && "v2" in spelled) filters = parseFilters(fields(), spelled.v2);
  else if (spelled && "v1" in spelled) filters = parseFilters(fields(), v1FilterParams(fields(), spelled.v1));
  else if (spelled) filters = parseFilterRows(form.elements, spelled.rows);
  return { filters, sort };
}

/**
 * The column sort of a first page with no filters over every submission — a request one
 * statement answers with its form (first-page.ts) — or null.
 */
export function plainFirstPageSort(query: SubmissionQuery & { page: number | "all" }): ColumnSort | null {
  if (query.page !== 1 || (query.view ?? "all") !== "all" || hasFilters(query.filters)) return null;
  return "v1" in query.sort ? v1ColumnSort(query.sort.v1.sort, query.sort.v1.order) : query.sort;
}

function hasFilters(spelled: FilterSpelling | undefined): boolean {
  if (!spelled) return false;
  return ("v2" in spelled ? spelled.v2 : "v1" in spelled ? spelled.v1 : spelled.rows).length > 0;
}
