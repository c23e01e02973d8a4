import { z } from "zod";
import { listForms } from "@/server/services/forms/list-forms";
import { toV2FormListItem } from "@/server/services/forms/serialize";
import { sessionProcedure } from "@/server/trpc";
import { pageInfo, ZDashboardPage, ZDashboardPageInfo } from "../inputs";

export const ZListMyFormsInput = z.object({
  page: ZDashboardPage.describe("Page number, 1-based, 20 forms a page"),
});

export const ZDashboardFormListItem = z.object({
  id: z.number().int().describe("Numeric form id"),
  uuid: z.string().describe("Form UUID"),
  name: z.string().describe("Form name"),
  published: z.boolean().describe("Published forms accept submissions; others are drafts"),
  createdAt: z.string().describe("ISO 8601"),
  updatedAt: z.string().describe("ISO 8601"),
  submissionsCount: z.number().int().describe("Total submissions of the form"),
});

export const ZListMyFormsOutput = ZDashboardPageInfo.extend({ forms: z.array(ZDashboardFormListItem) });

/** The session organization's forms, newest first: the same service as GET /api/v2/forms. */
export const listFormsRoute = sessionProcedure
  .input(ZListMyFormsInput)
  .output(ZListMyFormsOutput)
  .query(async ({ ctx, input }) => {
    const { forms, totalCount } = await listForms(ctx.db, ctx.access, input.page);
    return { forms: forms.map((f) => ({ ...toV2FormListItem(f), published: f.published })), ...pageInfo(input.page, totalCount) };
  });
