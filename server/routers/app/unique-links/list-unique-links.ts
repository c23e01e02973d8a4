import "server-only";
import { z } from "zod";
import { listUniqueLinks } from "@/server/services/unique-links/list-unique-links";
import { toDashboardUniqueLink, ZDashboardUniqueLink, ZLinkState } from "@/server/services/unique-links/serialize";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardFormRef, ZDashboardPage, ZDashboardPageInfo, ZDashboardSearch, pageInfo } from "../inputs";

export const ZListDashboardUniqueLinksInput = z.object({
  formUuid: ZDashboardFormRef,
  page: ZDashboardPage,
  search: ZDashboardSearch.describe("Partial match on the entry name"),
  state: ZLinkState.optional().describe("Only links in this state; absent = all"),
});

export const ZListDashboardUniqueLinksOutput = ZDashboardPageInfo.extend({ uniqueLinks: z.array(ZDashboardUniqueLink) });

/** A form's unique links for the dashboard: the service of GET /api/v2/forms/:form_uuid/unique_links, plus a state filter. */
export const listUniqueLinksRoute = sessionProcedure
  .input(ZListDashboardUniqueLinksInput)
  .output(ZListDashboardUniqueLinksOutput)
  .query(async ({ ctx, input }) => {
    const { links, total } = await listUniqueLinks(ctx.db, ctx.access, input.formUuid, {
      page: input.page,
      entryName: input.search,
      state: input.state,
    });
    return { uniqueLinks: links.map(toDashboardUniqueLink), ...pageInfo(input.page, total) };
  });
