import "server-only";
import { z } from "zod";
import { MAX_BATCH } from "@/lib/values/bulk";
import { at } from "@/lib/values/input-paths";

/**
 * JSON bodies of the REST surfaces. Messages are written by the schemas (zod 4 `error`
 * callbacks see the full path), so `unique_links[3].expires_at is not a valid date`
 * is a schema, not an if-chain; the edge passes such messages through unchanged.
 */

/**
 * `ids` of a bulk delete (`DELETE /api/v2/forms/{form_uuid}/prefills` and `…/unique_links`). DELETE input reaches the library as a query,
 * where it would wrap a lone string into an array (`"ids": "x"` → `["x"]`); behind a pipe
 * the schema is not a plain array, so the value arrives as sent.
 */
export const ZBulkIds = z
  .unknown()
  .pipe(
    z
      .array(z.string({ error: at("must be a string") }), {
        error: (iss) => (iss.input === undefined || iss.input === null ? "ids is required" : "ids must be an array"),
      })
      .max(MAX_BATCH, { error: `too many ids (max ${MAX_BATCH})` }),
  )
  .meta({
    override: {
      type: "array",
      items: { type: "string", format: "uuid" },
      maxItems: MAX_BATCH,
      description: `UUIDs to delete, at most ${MAX_BATCH}. Repeated ids count once.`,
    },
  });

/**
 * A JSON boolean. z.boolean() would be coerced by the library (`"false"` → true), so a
 * string is refused here instead.
 */
export const jsonBoolean = (message: string) =>
  z.custom<boolean>((v) => typeof v === "boolean", { error: message }).meta({ override: { type: "boolean" } });

export const ZBulkDeleteOutput = z.object({ deleted: z.number().int().describe("How many were deleted") });

/**
 * `prefill_data`: the entries are checked against the form's elements by the service (one
 * place for those rules), so the schema only asks for an array; the document shows the
 * entry shape.
 */
export const prefillDataSchema = (error: (iss: { path?: PropertyKey[] }) => string) =>
  z.array(z.unknown(), { error }).meta({
    override: {
      type: "array",
      description:
        "Values by element: `[{id, value}]`, `id` a top-level element id of the form. Value formats by element type: " +
        "text types, number, date, hidden: a string or number; phone: `+<dial code>-<number>` or `+<dial code><number>` " +
        "when the field has a country selector (the country is resolved; `+1` is the United States), " +
        "otherwise the local number as entered; radio, dropdown, " +
        "picture-checkbox: an option `id`; multiple-checkbox, ranking: an array of option ids; matrix: " +
        "`{rowId: {columnId: value}}`; repeat-field: `[{componentId: value}]`; name, address: `{fixedname: value}`.",
      items: {
        type: "object",
        required: ["id", "value"],
        properties: { id: { type: "string", description: "Element id" }, value: { description: "Value in the element type's format" } },
      },
    },
  });
