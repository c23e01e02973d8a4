import { z } from "zod";
import { PAGE_SIZE } from "@/server/services/lib/pagination";

/** v1 submission (`GET /api/v1/submissions/{id}`, and each item of `GET /api/v1/submissions`). */
export const ZV1Submission = z.object({
  id: z.string().describe("Submission UUID"),
  spam: z.boolean().describe("Whether the submission was marked as spam"),
  data: z
    .record(z.string(), z.unknown())
    .describe(
      "Submitted values keyed by field label, in the form's order; only answered fields. Values as in v2 (choice fields " +
        "hold option `value`s, an array for multi-select; matrix `{rowId: {colId: value}}`; repeat-field " +
        "`[{componentId: value}]`) except name/address, keyed by their sub-fields' labels. A label already used by an " +
        "earlier field is written `Label (elementId)`; a blank label is the element id; values of fields the form no " +
        "longer has are kept under their element id.",
    ),
  created_at: z.string().describe("ISO 8601"),
  updated_at: z.string().describe("ISO 8601 (an extra field beside spec §2.4)"),
});

/** v1 list envelope (`GET /api/v1/forms`, `GET /api/v1/submissions`): counters at the top level, items in `results`. */
export const ZV1List = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int().describe("Items in this page"),
    total_count: z.number().int().describe("Items on all pages"),
    per_page: z.number().int().describe(`Always ${PAGE_SIZE}`),
    page: z.number().int().describe("This page, 1-based"),
    results: z.array(item),
  });

/** The v1 envelope of one page of items. */
export function v1Page<T>(results: T[], totalCount: number, page: number) {
  return { count: results.length, total_count: totalCount, per_page: PAGE_SIZE, page, results };
}
