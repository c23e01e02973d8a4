import { z } from "zod";
import { listUniqueLinks } from "@/server/services/unique-links/list-unique-links";
import { toUniqueLink } from "@/server/services/unique-links/serialize";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardFormRef, ZDashboardPage, ZDashboardPageInfo, ZDashboardSearch, pageInfo } from "../inputs";
import { ZUniqueLink } from "@/server/services/unique-links/serialize";

export const ZListDashboardUniqueLinksInput = z.object({
  formUuid: ZDashboardFormRef,
  page: ZDashboardPage,
  search: ZDashboardSearch.describe("Partial match on the entry name"),
});

export const ZListDashboardUniqueLinksOutput = ZDashboardPageInfo.extend({ uniqueLinks: z.array(ZUniqueLink) });

/** A form's unique links for the dashboard: the service of GET /api/v2/forms/:form_uuid/unique_links. */
export const listUniqueLinksRoute = sessionProcedure
  .input(ZListDashboardUniqueLinksInput)
  .output(ZListDashboardUniqueLinksOutput)
  .query(async ({ ctx, input }) => {
    const { links, total } = await listUniqueLinks(ctx.db, ctx.access, input.formUuid, {
      page: input.page,
      entryName: input.search,
    });
    return { uniqueLinks: links.map((l) => toUniqueLink(l)), ...pageInfo(input.page, total) };
  });
