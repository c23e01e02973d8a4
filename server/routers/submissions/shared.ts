import { z } from "zod";
import type { FilterParam } from "@/server/services/submissions/filters";

/** A list's query values, unknown keys kept: a string, or an array when the key is repeated. */
export const ZQueryValue = z.union([z.string(), z.array(z.string())]);

/**
 * The parameters of a parsed list input other than `reserved`, in the order given; a
 * repeated key is expanded into one parameter per value (v1 and v2 filters alike).
 */
export function queryParamsExcept(input: Record<string, unknown>, reserved: ReadonlySet<string>): FilterParam[] {
  const out: FilterParam[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (reserved.has(key)) continue;
    for (const v of Array.isArray(value) ? value : [value]) if (typeof v === "string") out.push([key, v]);
  }
  return out;
}

/** v2 submission (spec §2.3). */
/** The OpenAPI parameter for free-form `<field>…=value` filters, which no input schema can name. */
export const filtersParameter = (description: string) => ({
  in: "query",
  name: "filters",
  description,
  style: "form",
  explode: true,
  schema: { type: "object", additionalProperties: { type: "string" } },
});

export const ZV2Submission = z.object({
  id: z.string().describe("Submission UUID"),
  formId: z.string().describe("UUID of the owning form"),
  data: z
    .record(z.string(), z.unknown())
    .describe(
      "Submitted data keyed by element id. Choice fields hold option `value`s (an array for multi-select such as " +
        "multiple-checkbox and ranking); matrix `{rowId: {colId: value}}`; repeat-field `[{componentId: value}]`; " +
        "name/address `{fixedname: value}`.",
    ),
  createdAt: z.string().describe("ISO 8601"),
  updatedAt: z.string().describe("ISO 8601"),
});
