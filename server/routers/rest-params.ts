import "server-only";
import { z } from "zod";
import type { FilterParam } from "@/lib/filters/filters";

/**
 * Query and path parameters of the REST surfaces arrive as strings. These schemas parse
 * them explicitly (never z.number()/z.boolean(), which trpc-to-openapi would coerce
 * globally — `?x=false` would become true and the change would leak into tRPC calls).
 */

/** `page`: 1-based, default 1. */
export const ZPageParam = z
  .string()
  .regex(/^[1-9][0-9]{0,8}$/, { error: "page must be a positive integer" })
  .optional()
  .transform((v) => (v === undefined ? 1 : Number(v)))
  .describe("Page number, 1-based. 20 items a page. A page past the last one returns an empty list.");

/**
 * Path parameters are not percent-decoded by the library; decode them here. Idempotent for
 * every valid id (UUIDs and numbers contain no `%`).
 */
export const ZPathParam = z.string().transform((v) => {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
});

/** A query value that must appear once (a repeated key arrives as an array). */
export const ZSingleParam = (name: string) => z.string({ error: `${name} must be given once` });

/** `true`/`false` (also 1/0, yes/no) as a real boolean; anything else is a 400. */
export const ZBooleanParam = (name: string) => z.stringbool({ error: `${name} must be true or false` }).optional();

/** `:form_uuid` of the nested v2 paths: the form UUID or its numeric id. */
export const ZFormRef = ZPathParam.describe("Form UUID or numeric form id");

/** `meta` of the prefill and unique-link lists. */
export const ZPageMeta = z.object({
  page: z.number().int(),
  perPage: z.number().int().describe("Always 20"),
  total: z.number().int().describe("Items matching the query, on all pages"),
});

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

/** The OpenAPI parameter for free-form `<field>…=value` filters, which no input schema can name. */
export const filtersParameter = (description: string) => ({
  in: "query",
  name: "filters",
  description,
  style: "form",
  explode: true,
  schema: { type: "object", additionalProperties: { type: "string" } },
});
