import "server-only";
import { z } from "zod";
import { getFormOverview } from "@/server/services/forms/form-overview";
import { toDashboardForm, ZDashboardForm } from "@/server/services/forms/serialize";
import { sessionProcedure } from "@/server/trpc";
import { ZFormRefInput } from "./outputs";

export const ZFormOverviewOutput = ZDashboardForm.extend({
  lastSubmissionAt: z.string().nullable().describe("ISO 8601 of the last non-spam submission; null when none"),
});

/** One form for its dashboard page, also while it is in the trash (the page offers Restore). */
export const getFormOverviewRoute = sessionProcedure
  .input(ZFormRefInput)
  .output(ZFormOverviewOutput)
  .query(async ({ ctx, input }) => {
    const form = await getFormOverview(ctx.db, ctx.access, input.formUuid);
    return { ...toDashboardForm(form), lastSubmissionAt: form.lastSubmissionAt?.toISOString() ?? null };
  });
