import "server-only";
import { z } from "zod";
import { MESSAGES } from "@/lib/errors";
import type { FilterParam } from "@/lib/filters/filters";
import { querySubmissions } from "@/server/services/submissions/query/entry";
import { toV1Submission, ZV1Submission } from "@/server/services/submissions/serialize";
import { V1_RESERVED_PARAMS } from "@/server/services/submissions/v1-filters";
import { v1ListedForm } from "@/server/services/submissions/v1-submissions";
import { apiTokenProcedure } from "@/server/trpc";
import { ZPageParam, ZSingleParam } from "../../rest-params";
import { filtersParameter, queryParamsExcept, ZQueryValue } from "../../rest-params";
import { v1Page, ZV1List } from "../schemas";
import { readDb } from "@/server/read-replica";
import { presentFileAnswers } from "@/server/uploads/file-links";

/**
 * REST-only input: every value a string, parsed explicitly. Unknown keys are kept — they
 * are the `{field}` / `{field}__gte|__gt|__lte|__lt` filters — as a string, or an array
 * when the key is repeated.
 */
export const ZV1ListSubmissionsInput = z
  .object({
    page: ZPageParam,
    sort: ZSingleParam("sort")
      .optional()
      .describe("A field name (label or element id), `created_at` or `updated_at`; none: created_at. Unknown: created_at."),
    order: ZSingleParam("order").optional().describe("asc (default) or desc, case-insensitive; any other value means asc"),
    per_page: ZQueryValue.optional().describe("Accepted and ignored: always 20"),
  })
  .catchall(ZQueryValue);

export const ZV1ListSubmissionsOutput = ZV1List(ZV1Submission);

/** The query parameters other than page/sort/order/per_page, in order; repeated keys expanded. */
export const v1QueryOf = (input: Record<string, unknown>): FilterParam[] => queryParamsExcept(input, V1_RESERVED_PARAMS);

const DESCRIPTION = `Submissions of the token's form (a v1 token belongs to one form), 20 per page, oldest first by default.
The response is \`{count, total_count, per_page, page, results}\`: \`count\` items on this page, \`total_count\` matching
submissions on all pages (spam included — each result carries its \`spam\` flag). A page past the last one → 200 with
\`results: []\`. The token's form trashed → 404 \`${MESSAGES.formNotFound}\`.

**Sort**: \`sort\` = a field name (exact label or element id; a name/address sub-field by its own label), \`created_at\`
or \`updated_at\` (these two win over a field labelled the same — use its element id then); \`order\` = asc (default) or
desc. No \`sort\` → created_at. A field sorts on its stored value: number fields numerically, date fields as dates (a
date-only value is its UTC midnight), other fields as case-insensitive text (by code point), a multi-select by its
first value. Missing, blank and wrongly-shaped values (text in a number field) come last in both orders. Ties are
broken by submission id in the same direction, so the order is total and pages never overlap. An unknown name, a
matrix, a repeat-field or a repeat-field component (one value per row) → created_at in the given \`order\`.

**Filters** — the v2 filter engine under v1 names; every filter must match (AND); a parameter repeated is several filters.
\`{field}\` is an exact label or element id (percent-encoded), a name/address sub-field by its own label, a repeat-field
component by its label or id (any row matches).
- \`{field}=value\` — exact match or substring, by field type: on number and choice fields exact equality (a choice by
  option value, label or id; a multi-select when it holds the value) — v2 \`is_equal_to\`; on date fields the same
  calendar day — v2 \`on\`; on every other field a case-insensitive substring, which includes the exact value — v2
  \`contains\`.
- \`{field}__gte\`, \`__gt\`, \`__lte\`, \`__lt\` — >=, >, <=, < (v2 \`is_greater_than_or_equal_to\`, \`is_greater_than\`,
  \`is_less_than_or_equal_to\`, \`is_less_than\`): number fields compare as numbers and date fields as dates (YYYY-MM-DD or
  ISO 8601 date-time); other fields as numbers when the value is a number, as dates when it is a date. Never as text;
  stored values that are not a number/date do not match.
- A value of the wrong kind is a 400 naming the filter in its v2 spelling, e.g. \`Age__gte=abc\` → 400
  \`Age__is_greater_than_or_equal_to needs a number, got "abc"\`. At most 50 filters per request.
- **Legacy behaviour kept**: a parameter that names no field of the form (or a matrix / repeat-field element, or a
  suffix v1 does not have, such as the v2 filter types) is ignored, so a misspelt field returns the submissions
  unfiltered. In v2 an unknown filter field is a 400 (\`Unknown filter field(s): …\`).
- \`page\`, \`sort\`, \`order\` and \`per_page\` are never filters; a field with one of these labels is filtered by its
  element id.`;

export const v1ListSubmissionsRoute = apiTokenProcedure("v1")
  .meta({
    scope: "submission.view",
    extraParameters: [
      filtersParameter(
        "Any number of `{field}=value` and `{field}__gte|__gt|__lte|__lt=value` parameters, e.g. `City=par`, " +
          "`Age__gte=18`, `Visit%20date__lt=2024-06-01`. `field` is a field label or element id; see the description.",
      ),
    ],
    openapi: {
      method: "GET",
      path: "/submissions",
      tags: ["Submissions"],
      summary: "List, filter and sort the form's submissions",
      description: DESCRIPTION,
    },
    errors: {
      400: [
        '<param> needs a number, got "…" (and other invalid filter values, named in their v2 spelling)',
        "page must be a positive integer",
        "sort must be given once",
      ],
      404: [MESSAGES.formNotFound],
    },
  })
  .input(ZV1ListSubmissionsInput)
  .output(ZV1ListSubmissionsOutput)
  .query(async ({ ctx, input }) => {
    const { form, submissions, totalCount } = await querySubmissions(await readDb(ctx.db), ctx.access, {
      form: v1ListedForm(ctx.access),
      page: input.page,
      sort: { v1: { sort: input.sort, order: input.order } },
      filters: { v1: v1QueryOf(input) },
    });
    return v1Page(
      (await presentFileAnswers(ctx.db, submissions)).map((s) => toV1Submission(s, form)),
      totalCount,
      input.page,
    );
  });
