import "server-only";
import { z } from "zod";
import { deletePrefills } from "@/server/services/prefills/delete-prefills";
import { sessionProcedure } from "@/server/trpc";
import { ZBulkDeleteOutput } from "../../rest-body";
import { ZDashboardFormRef, ZDashboardIds } from "../inputs";

export const ZDeleteDashboardPrefillsInput = z.object({ formUuid: ZDashboardFormRef, ids: ZDashboardIds });

/** Deletes the selected prefills, all or nothing: the service of DELETE /api/v2/forms/:form_uuid/prefills. */
export const bulkDeletePrefillsRoute = sessionProcedure
  .input(ZDeleteDashboardPrefillsInput)
  .output(ZBulkDeleteOutput)
  .mutation(({ ctx, input }) => deletePrefills(ctx.db, ctx.access, input.formUuid, input.ids));
