import "server-only";
import { z } from "zod";
import { deleteUniqueLinks } from "@/server/services/unique-links/delete-unique-links";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardFormRef, ZDashboardIds } from "../inputs";
import { ZBulkDeleteOutput } from "../../rest-body";

export const ZDeleteDashboardUniqueLinksInput = z.object({ formUuid: ZDashboardFormRef, ids: ZDashboardIds });

/**
 * Deletes the selected links and their prefills, all or nothing: the service of DELETE
 * /api/v2/forms/:form_uuid/unique_links.
 */
export const bulkDeleteUniqueLinksRoute = sessionProcedure
  .input(ZDeleteDashboardUniqueLinksInput)
  .output(ZBulkDeleteOutput)
  .mutation(({ ctx, input }) => deleteUniqueLinks(ctx.db, ctx.access, input.formUuid, input.ids));
