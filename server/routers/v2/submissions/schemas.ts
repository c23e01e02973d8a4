import { z } from "zod";

/** v2 submission (`GET /api/v2/submissions/{id}`, and each item of `GET /api/v2/submissions`). */
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
