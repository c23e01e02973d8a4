import "server-only";
import type { FieldResolver, FilterField } from "@/lib/filters/fields";
import type { FilterParam, FilterType } from "@/lib/filters/filters";

/** v1 query parameters that are never filters (`per_page` is accepted and ignored: always 20). */
export const V1_RESERVED_PARAMS: ReadonlySet<string> = new Set(["page", "sort", "order", "per_page"]);

/** The v1 comparison suffixes (`GET /api/v1/submissions`) and the v2 filter type each one is. */
export const V1_OPERATORS: ReadonlyMap<string, FilterType> = new Map([
  ["gte", "is_greater_than_or_equal_to"],
  ["gt", "is_greater_than"],
  ["lte", "is_less_than_or_equal_to"],
  ["lt", "is_less_than"],
]);

/**
 * The v2 filter type of a bare v1 `{field}=value` ("exact match or substring"), chosen by
 * what the field holds:
 * - number and choice fields: exact equality (`is_equal_to`; a choice by option value,
 *   label or id; a multi-select when it holds the value);
 * - date fields: the same calendar day (`on`);
 * - other text-like fields (and name/address sub-fields): `contains`, a case-insensitive
 *   substring match, which includes the exact value.
 * Matrix and repeat-field elements themselves hold no single value: null, not filterable.
 */
export function bareMatchType(field: FilterField): FilterType | null {
  if (field.kind === "structured") return null;
  if (field.kind === "choice" || field.compareAs === "number") return "is_equal_to";
  if (field.compareAs === "date") return "on";
  return "contains";
}

/**
 * v1 query parameters → the v2 filter engine's `<field>__<filter_type>` parameters, in the
 * order given. Fields are resolved exactly as v2 resolves them (element id or exact label;
 * name/address sub-fields by their own label; repeat-field components by id or label).
 * - `{field}=value` → see bareMatchType;
 * - `{field}__gte|__gt|__lte|__lt=value` → is_greater_than_or_equal_to, is_greater_than,
 *   is_less_than_or_equal_to, is_less_than (numbers as numbers, dates as dates);
 * - reserved parameters are skipped; so is any parameter that names no field, or a field
 *   with a suffix v1 does not have, or a matrix/repeat-field element: v1 ignores what it does
 *   not understand (the 400 for unknown filter fields is a v2 change: V1_TO_V2_MIGRATION
 *   in server/rest/descriptions.ts).
 * A whole-name match wins over a suffix, so a label such as `Total__gt` is a bare field.
 */
export function v1FilterParams(fields: FieldResolver, params: readonly FilterParam[]): FilterParam[] {
  const out: FilterParam[] = [];
  for (const [key, value] of params) {
    if (V1_RESERVED_PARAMS.has(key)) continue;
    const whole = fields.resolve(key);
    if (whole) {
      const type = bareMatchType(whole);
      if (type) out.push([`${key}__${type}`, value]);
      continue;
    }
    const cut = key.lastIndexOf("__");
    if (cut < 0) continue;
    const type = V1_OPERATORS.get(key.slice(cut + 2));
    const name = key.slice(0, cut);
    const field = type ? fields.resolve(name) : undefined;
    if (type && field && field.kind !== "structured") out.push([`${name}__${type}`, value]);
  }
  return out;
}
