import "server-only";
import type { FormElement } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { FieldResolver } from "@/lib/filters/fields";
import { MAX_FILTERS, parseFilters, type Filter } from "@/lib/filters/filters";

/** One filter as the dashboard's builder holds it: v2's `<field>__<type>=<value>`, in parts. */
export type FilterRow = { field: string; type: string; value: string };

/**
 * The dashboard's filters, read by v2's own parser (parseFilters), one row at a time so that
 * an error — v2's message, word for word — carries the row it is about (`["filters", i]`)
 * and the builder shows it beside that filter. All rows must match, as in v2.
 */
export function parseFilterRows(elements: readonly FormElement[], rows: readonly FilterRow[]): Filter[] {
  if (rows.length > MAX_FILTERS) throw new AppError("BAD_REQUEST", `too many filters (max ${MAX_FILTERS})`, { path: ["filters"] });
  const resolver = new FieldResolver(elements);
  return rows.flatMap((row, i) => {
    try {
      return parseFilters(resolver, [[filterParamName(row), row.value]]);
    } catch (e) {
      if (e instanceof AppError) throw new AppError(e.code, e.message, { path: ["filters", i] });
      throw e;
    }
  });
}

/** The v2 query parameter a row stands for. */
export const filterParamName = (row: Pick<FilterRow, "field" | "type">) => `${row.field}__${row.type}`;
