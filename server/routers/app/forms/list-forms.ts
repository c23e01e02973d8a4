import { z } from "zod";
import { listForms } from "@/server/services/forms/list-forms";
import { toV2FormListItem, ZV2FormListItem } from "@/server/services/forms/serialize";
import { sessionProcedure } from "@/server/trpc";
import { pageInfo, ZDashboardPage, ZDashboardPageInfo } from "../inputs";

export const ZListMyFormsInput = z.object({
  page: ZDashboardPage.describe("Page number, 1-based, 20 forms a page"),
});

export const ZDashboardFormListItem = ZV2FormListItem.extend({
  published: z.boolean().describe("Published forms accept submissions; others are drafts"),
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
