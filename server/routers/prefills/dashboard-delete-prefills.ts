import { z } from "zod";
import { accessForOrganization } from "@/server/services/forms/access";
import { deletePrefills } from "@/server/services/prefills/delete-prefills";
import { sessionProcedure } from "@/server/trpc";
import { ZBulkDeleteOutput } from "../shared/body";
import { ZDashboardFormRef, ZDashboardIds } from "./dashboard-shared";

export const ZDeleteDashboardPrefillsInput = z.object({ formUuid: ZDashboardFormRef, ids: ZDashboardIds });

/** Deletes the selected prefills, all or nothing: the service of DELETE /api/v2/forms/:form_uuid/prefills. */
export const deleteDashboardPrefills = sessionProcedure
  .input(ZDeleteDashboardPrefillsInput)
  .output(ZBulkDeleteOutput)
  .mutation(({ ctx, input }) => deletePrefills(ctx.db, accessForOrganization(ctx.session.organizationId), input.formUuid, input.ids));
