import "server-only";
import { z } from "zod";
import { FILTER_TYPES, type FilterParam } from "@/lib/filters/filters";
import { PAGE_SIZE } from "@/server/services/lib/pagination";
import { querySubmissionsCheckingToken } from "@/server/services/submissions/query/checking-token";
import { toV2Submission, ZV2Submission } from "@/server/services/submissions/serialize";
import { resolveSort } from "@/server/services/submissions/sort";
import { listPartials } from "@/server/services/submissions/partial-list";
import { apiTokenOverlappedProcedure } from "@/server/trpc";
import { ZPageParam, ZSingleParam } from "../../rest-params";
import { filtersParameter, queryParamsExcept, ZQueryValue } from "../../rest-params";
import { presentFileAnswers } from "@/server/uploads/file-links";

const KNOWN_PARAMS: ReadonlySet<string> = new Set(["page", "form_id", "form_uuid", "sort", "order", "include_partial"]);

/**
 * REST-only input: every value is a string, parsed explicitly (trpc-to-openapi would coerce
 * number/boolean schemas globally). Unknown keys are kept: they are the
 * `<field>__<filter_type>` filters, a string or — when the key is repeated — an array.
 */
export const ZV2ListSubmissionsInput = z
  .object({
    page: ZPageParam,
    form_id: ZSingleParam("form_id")
      .regex(/^\s*[0-9]*\s*$/, { error: "form_id must be an integer" })
      .optional()
      .describe("Numeric form id. One of form_id / form_uuid is required; when both are given they must name the same form."),
    form_uuid: ZSingleParam("form_uuid").optional().describe("Form UUID (a numeric form id is accepted too)"),
    sort: ZSingleParam("sort")
      .optional()
      .describe("created_at (default), updated_at or duration. Any other value sorts by created_at descending, ignoring `order`."),
    order: ZSingleParam("order").optional().describe("asc or desc (default desc); case-insensitive, any other value means desc"),
    include_partial: ZSingleParam("include_partial")
      .optional()
      .describe(
        "`true`: after the completed submissions, the form's partial responses (the answers so far of a multi-page form), " +
          'each with `"status": "partial"` (completed ones say `"completed"`); any other value: completed only.',
      ),
  })
  .catchall(ZQueryValue);

export const ZV2ListSubmissionsOutput = z.object({
  submissions: z.array(ZV2Submission),
  meta: z.object({
    formId: z.number().int().describe("Numeric id of the form"),
    formUuid: z.string().describe("UUID of the form"),
    totalCount: z.number().int().describe("Submissions matching the filters (exact; with include_partial=true, partials too)"),
    page: z.number().int(),
    perPage: z.number().int().describe("Always 20"),
  }),
});

/** The filter parameters of a parsed input, in the order given; repeated keys expanded. */
export const filterParamsOf = (input: Record<string, unknown>): FilterParam[] => queryParamsExcept(input, KNOWN_PARAMS);

const DESCRIPTION = `Submissions of one form, 20 per page, newest first by default.

**Form**: \`form_id\` (numeric) or \`form_uuid\`. Neither → 400 \`form_id or form_uuid is required\`. A form that is
missing, trashed, of another organization or outside a form-restricted token's forms → 404
\`Form not found or not authorized\`. A non-numeric \`form_id\` → 400 \`form_id must be an integer\`. When both are given
and name different forms → 404.

**Sort**: \`sort\` = created_at | updated_at | duration, \`order\` = asc | desc (default desc). Ties are broken by
submission id in the same direction, so the order is total. Any other \`sort\` value → created_at descending. A
submission without a duration sorts after all durations ascending and before them descending.

**Pages**: a page past the last one → 200 with \`submissions: []\` and the usual meta. \`totalCount\` is exact and
counts the submissions matching the filters (spam included; v2 submissions have no spam flag).

**Filters**: \`<field>__<filter_type>=<value>\`, all ANDed, combinable with sort. \`field\` is an element
id or its exact, case-sensitive label (percent-encoded); name/address sub-fields by their own label. The filter type
is the text after the last \`__\`. A bare \`field=value\` is ignored. A parameter repeated is several filters.
Unknown field → 400 \`Unknown filter field(s): A, B\` (in the order given). Unknown filter type on a known field →
400 \`Unknown filter type(s): <param>. Valid filter types: …\`. Invalid value → 400 naming the parameter.
At most 50 filters per request, at most 100 items in an is_in / is_not_in list.

Filter types: ${FILTER_TYPES.join(", ")}.
- is_equal_to / is_in: exact, case-sensitive match (is_in: comma-separated list, items trimmed; a value cannot
  contain a comma). A number matches a stored number or its text; \`true\`/\`false\` match booleans too. On choice fields
  the value is the option \`value\` (an option label or id is translated to its value); a multi-select matches when
  its array contains the value.
- is_not_equal_to / is_not_in / does_not_contain / not_on: the exact complement of the positive filter, so submissions
  without a value are included.
- contains / does_not_contain: case-insensitive substring; on a multi-select, any item.
- is_greater_than(_or_equal_to) / is_less_than(_or_equal_to) / in_range: number fields compare numerically, date fields
  as dates; other fields numerically when the value is a number, as dates when it is a date (YYYY-MM-DD or ISO 8601
  date-time), else 400. Never as text. Stored values that are not a number/date do not match. in_range is
  \`<min>,<max>\`, inclusive; min > max or a malformed range → 400.
- before / after / on / not_on: dates. A YYYY-MM-DD value compares calendar days (the stored value's first 10
  characters); a date-time value compares instants (no offset = UTC). on / not_on always compare days.
- is_empty / is_filled: value \`true\`; \`false\` means the inverse. Empty = absent, null, blank text, [] or {} (for
  matrix and repeat-field: no non-blank value anywhere).
- matrix and repeat-field support only is_empty / is_filled; their rows and components are not separately addressable.
  Filtering on a name/address element itself (its id or label) is unsupported: unknown field.`;

export const v2ListSubmissionsRoute = apiTokenOverlappedProcedure("v2")
  .meta({
    scope: "submission.view",
    extraParameters: [
      filtersParameter(
        "Any number of `<field>__<filter_type>=<value>` parameters, e.g. `Email__contains=example.com`, " +
          "`Score__in_range=10,20`, `q_date__after=2024-01-01`. `field` is an element id or its exact label " +
          "(percent-encoded); see the operation description for every filter type.",
      ),
    ],
    openapi: {
      method: "GET",
      path: "/submissions",
      tags: ["Submissions"],
      summary: "List, filter and sort a form's submissions",
      description: DESCRIPTION,
    },
    errors: {
      400: [
        "form_id or form_uuid is required",
        "Unknown filter field(s): <names>",
        "Unknown filter type(s): <params>. Valid filter types: …",
        '<param> needs a number, got "…" (and other invalid filter values)',
        "form_id must be an integer",
      ],
      404: ["Form not found or not authorized"],
    },
  })
  .input(ZV2ListSubmissionsInput)
  .output(ZV2ListSubmissionsOutput)
  .query(async ({ ctx, input }) => {
    // Page 1 reads the form and the page in the statement that checks the token.
    const page = await querySubmissionsCheckingToken(ctx.db, ctx.tokenCheck, {
      form: { formId: input.form_id, formUuid: input.form_uuid },
      page: input.page,
      sort: resolveSort(input.sort, input.order),
      filters: { v2: filterParamsOf(input) },
    });
    const { form, totalCount } = page;
    const submissions = await presentFileAnswers(ctx.db, page.submissions);
    if (input.include_partial?.trim().toLowerCase() !== "true") {
      return {
        submissions: submissions.map((s) => toV2Submission(s, form.uuid)),
        meta: { formId: form.id, formUuid: form.uuid, totalCount, page: input.page, perPage: PAGE_SIZE },
      };
    }
    // Partials continue the list after the completed submissions, page after page.
    const offset = Math.max(0, (input.page - 1) * PAGE_SIZE - totalCount);
    const partials = await listPartials(ctx.db, await ctx.tokenCheck.access, form.id, {
      filters: filterParamsOf(input),
      offset,
      limit: PAGE_SIZE - submissions.length,
    });
    return {
      submissions: [
        ...submissions.map((s) => ({ ...toV2Submission(s, form.uuid), status: "completed" as const })),
        ...partials.items.map((p) => ({ ...toV2Submission(p, form.uuid), status: "partial" as const })),
      ],
      meta: { formId: form.id, formUuid: form.uuid, totalCount: totalCount + partials.total, page: input.page, perPage: PAGE_SIZE },
    };
  });
