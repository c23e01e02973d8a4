import { z } from "zod";
import { accessForOrganization } from "@/server/services/forms/access";
import { deleteUniqueLinks } from "@/server/services/unique-links/delete-unique-links";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardFormRef, ZDashboardIds } from "../prefills/dashboard-shared";
import { ZBulkDeleteOutput } from "../shared/body";

export const ZDeleteDashboardUniqueLinksInput = z.object({ formUuid: ZDashboardFormRef, ids: ZDashboardIds });

/**
 * Deletes the selected links and their prefills, all or nothing: the service of DELETE
 * /api/v2/forms/:form_uuid/unique_links.
 */
export const deleteDashboardUniqueLinks = sessionProcedure
  .input(ZDeleteDashboardUniqueLinksInput)
  .output(ZBulkDeleteOutput)
  .mutation(({ ctx, input }) => deleteUniqueLinks(ctx.db, accessForOrganization(ctx.session.organizationId), input.formUuid, input.ids));
