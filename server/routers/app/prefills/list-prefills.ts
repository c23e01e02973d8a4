import "server-only";
import { z } from "zod";
import { listPrefills } from "@/server/services/prefills/list-prefills";
import { toPrefillListItem } from "@/server/services/prefills/serialize";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardFormRef, ZDashboardPage, ZDashboardPageInfo, ZDashboardSearch, pageInfo } from "../inputs";
import { ZPrefillListItem } from "@/server/services/prefills/serialize";

export const ZListDashboardPrefillsInput = z.object({
  formUuid: ZDashboardFormRef,
  page: ZDashboardPage,
  search: ZDashboardSearch.describe("Partial match on the prefill name"),
  includeUniqueLinkPrefills: z.boolean().default(false).describe("Also list the prefills that belong to unique links"),
});

export const ZListDashboardPrefillsOutput = ZDashboardPageInfo.extend({ prefills: z.array(ZPrefillListItem) });

/** A form's prefills for the dashboard: the service of GET /api/v2/forms/:form_uuid/prefills. */
export const listPrefillsRoute = sessionProcedure
  .input(ZListDashboardPrefillsInput)
  .output(ZListDashboardPrefillsOutput)
  .query(async ({ ctx, input }) => {
    const { form, prefills, total } = await listPrefills(ctx.db, ctx.access, input.formUuid, {
      page: input.page,
      name: input.search,
      includeUniqueLinkPrefills: input.includeUniqueLinkPrefills,
    });
    return { prefills: prefills.map((p) => toPrefillListItem(p, form.uuid)), ...pageInfo(input.page, total) };
  });
