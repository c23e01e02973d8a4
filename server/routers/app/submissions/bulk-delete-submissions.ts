import "server-only";
import { audited } from "@/server/audit/audited";
import { formTarget } from "@/server/audit/targets";
import { getAccessibleFormOrThrow } from "@/server/services/forms/access";
import { deleteSubmissions } from "@/server/services/submissions/delete-submissions";
import { sessionProcedure } from "@/server/trpc";
import { ZBulkDeleteOutput } from "../../rest-body";
import { z } from "zod";
import { ZDashboardFormRef, ZDashboardIds } from "../inputs";

/** Deletes the chosen submissions, all or nothing, each through v2's delete (one Submission.Deleted each). */
export const bulkDeleteSubmissionsRoute = sessionProcedure
  .input(z.object({ formUuid: ZDashboardFormRef, ids: ZDashboardIds }))
  .output(ZBulkDeleteOutput)
  .mutation(async ({ ctx, input }) => {
    const form = await getAccessibleFormOrThrow(ctx.db, ctx.access, input.formUuid);
    return audited(
      ctx,
      (tx) => deleteSubmissions(tx, ctx.access, form, input.ids),
      ({ deleted }) => ({ action: "submission.deleted", target: formTarget(form), metadata: { form: form.uuid, count: deleted } }),
    );
  });
