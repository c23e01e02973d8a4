import "server-only";
import { z } from "zod";
import { listForms } from "@/server/services/forms/list-forms";
import { toDashboardForm, ZDashboardForm } from "@/server/services/forms/serialize";
import { sessionProcedure } from "@/server/trpc";
import { pageInfo, ZDashboardPage, ZDashboardPageInfo } from "../inputs";
import { readDb } from "@/server/read-replica";

export const ZListMyFormsInput = z.object({
  page: ZDashboardPage.describe("Page number, 1-based, 20 forms a page"),
});

export const ZListMyFormsOutput = ZDashboardPageInfo.extend({ forms: z.array(ZDashboardForm) });

/** The session organization's forms, newest first: the same service as GET /api/v2/forms. */
export const listFormsRoute = sessionProcedure
  .input(ZListMyFormsInput)
  .output(ZListMyFormsOutput)
  .query(async ({ ctx, input }) => {
    const { forms, totalCount } = await listForms(await readDb(ctx.db), ctx.access, input.page);
    return { forms: forms.map(toDashboardForm), ...pageInfo(input.page, totalCount) };
  });
