import "server-only";
import { z } from "zod";
import { filterableFields } from "@/lib/filters/filter-fields";
import { querySubmissions } from "@/server/services/submissions/query/entry";
import { toDashboardSubmission, ZDashboardSubmission } from "@/server/services/submissions/serialize";
import { sessionProcedure } from "@/server/trpc";
import { surveyUrl } from "@/server/urls";
import { pageInfo, ZDashboardPage, ZDashboardPageInfo } from "../inputs";
import { ZColumnSort, ZElements, ZSubmissionSet } from "./schemas";
import { readDb } from "@/server/read-replica";

export const ZListDashboardSubmissionsInput = ZSubmissionSet.extend({
  page: ZDashboardPage,
  sort: ZColumnSort.default({ field: "created_at", order: "desc" }),
});

export const ZListDashboardSubmissionsOutput = ZDashboardPageInfo.extend({
  form: z.object({ id: z.number().int(), uuid: z.string(), name: z.string(), elements: ZElements, surveyUrl: z.string() }),
  filterFields: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      elementType: z.string(),
      input: z.enum(["text", "number", "date", "choice", "none"]),
      types: z.array(z.string()),
      options: z.array(z.object({ label: z.string(), value: z.string() })),
    }),
  ),
  submissions: z.array(ZDashboardSubmission),
});

/**
 * A page of a form's submissions for the table: v2's listing (same filters, parser, messages,
 * sorts and pages) plus the spam view, and the fields the filter builder offers.
 */
export const listSubmissionsRoute = sessionProcedure
  .input(ZListDashboardSubmissionsInput)
  .output(ZListDashboardSubmissionsOutput)
  .query(async ({ ctx, input }) => {
    const { form, submissions, totalCount } = await querySubmissions(await readDb(ctx.db), ctx.access, {
      form: { formUuid: input.formUuid },
      page: input.page,
      sort: input.sort,
      filters: { rows: input.filters },
      view: input.view,
    });
    return {
      form: { id: form.id, uuid: form.uuid, name: form.name, elements: form.elements, surveyUrl: surveyUrl(form.uuid) },
      filterFields: filterableFields(form.elements),
      submissions: submissions.map(toDashboardSubmission),
      ...pageInfo(input.page, totalCount),
    };
  });
