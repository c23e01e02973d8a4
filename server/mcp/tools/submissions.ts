import "server-only";
import { z } from "zod";
import { FILTER_TYPES } from "@/lib/filters/filters";
import { ZV2ListSubmissionsOutput } from "@/server/routers/v2/submissions/list-submissions";
import { ZV2GetSubmissionOutput } from "@/server/routers/v2/submissions/get-submission";
import { ZSubmissionDeletedOutput } from "@/server/routers/rest-submission";
import { defineTool, nextPageOf, READ_ONLY } from "../tool";
import { ZToolFormRef, ZToolPage, ZToolSubmissionId } from "./inputs";

const ZFilterValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))]);

const ZToolFilter = z.object({
  field: z.string().max(1000).describe("An element id, or its exact label (case-sensitive); a name/address part by its own label"),
  op: z
    .string()
    .max(64)
    .describe(`The filter type: ${FILTER_TYPES.join(", ")}`),
  value: ZFilterValue.describe(
    "A text, number or boolean; for is_in / is_not_in a list (or comma-separated text); for in_range `min,max` or [min, max]; " +
      "for is_empty / is_filled true or false",
  ),
});

/**
 * A filter as GET /api/v2/submissions takes it: `<field>__<op>=<value>`, a list as its
 * comma-separated text. The API's parser reads it, so its sentences are the answers.
 */
export function filterParams(filters: readonly z.output<typeof ZToolFilter>[]): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const f of filters) {
    const key = `${f.field}__${f.op}`;
    const value = Array.isArray(f.value) ? f.value.map(String).join(",") : String(f.value);
    const before = params[key];
    params[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return params;
}

export const querySubmissionsTool = defineTool({
  name: "query_submissions",
  title: "Query a form's submissions",
  description:
    "Submissions of one form, 20 per page, filtered, sorted and paged exactly as GET /api/v2/submissions (the same engine " +
    "and the same error sentences). Filters all must match: `{field, op, value}` with op one of " +
    `${FILTER_TYPES.join(", ")}. Sort by created_at (default), updated_at or duration, order desc (default) or asc. ` +
    "`nextPage` is the page to ask for next (null on the last page). Needs submission.view.",
  input: z.object({
    form: ZToolFormRef,
    filters: z.array(ZToolFilter).max(100).default([]).describe("At most 50 (the API's limit)"),
    sort: z.string().max(32).optional().describe("created_at (default), updated_at or duration"),
    order: z.string().max(8).optional().describe("desc (default) or asc"),
    page: ZToolPage,
  }),
  output: ZV2ListSubmissionsOutput.extend({ nextPage: z.number().int().nullable().describe("The page to ask for next; null: no more") }),
  annotations: READ_ONLY,
  run: async ({ v2 }, { form, filters, sort, order, page }) => {
    const r = await v2.submissions.list({
      ...filterParams(filters),
      form_uuid: form,
      page: String(page),
      ...(sort === undefined ? {} : { sort }),
      ...(order === undefined ? {} : { order }),
    });
    return { ...r, nextPage: nextPageOf(r.meta.page, r.meta.perPage, r.meta.totalCount) };
  },
});

export const getSubmissionTool = defineTool({
  name: "get_submission",
  title: "Get a submission",
  description: "One submission with its answers keyed by element id (get_form names them). Needs submission.view.",
  input: z.object({ id: ZToolSubmissionId }),
  output: ZV2GetSubmissionOutput,
  annotations: READ_ONLY,
  run: ({ v2 }, { id }) => v2.submissions.get({ id }),
});

export const deleteSubmissionTool = defineTool({
  name: "delete_submission",
  title: "Delete a submission",
  description:
    "Deletes one submission for good (webhooks hear Submission.Deleted; the audit log names this connection). Ask the user " +
    "first. Needs submission.delete.",
  input: z.object({ id: ZToolSubmissionId }),
  output: ZSubmissionDeletedOutput,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  run: ({ v2 }, { id }) => v2.submissions.delete({ id }),
});
