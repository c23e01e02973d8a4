import "server-only";
import { z } from "zod";
import { listTrashedForms } from "@/server/services/forms/list-trashed-forms";
import { toDashboardForm, ZDashboardForm } from "@/server/services/forms/serialize";
import { sessionProcedure } from "@/server/trpc";
import { pageInfo, ZDashboardPage, ZDashboardPageInfo } from "../inputs";

export const ZListTrashedFormsInput = z.object({
  page: ZDashboardPage.describe("Page number, 1-based, 20 forms a page"),
});

export const ZListTrashedFormsOutput = ZDashboardPageInfo.extend({ forms: z.array(ZDashboardForm) });

/** The organization's trash, most recently trashed first. */
export const listTrashedFormsRoute = sessionProcedure
  .input(ZListTrashedFormsInput)
  .output(ZListTrashedFormsOutput)
  .query(async ({ ctx, input }) => {
    const { forms, totalCount } = await listTrashedForms(ctx.db, ctx.access, input.page);
    return { forms: forms.map(toDashboardForm), ...pageInfo(input.page, totalCount) };
  });
