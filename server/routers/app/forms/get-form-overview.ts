import "server-only";
import { z } from "zod";
import { getFormOverview } from "@/server/services/forms/form-overview";
import { toDashboardForm, ZDashboardForm } from "@/server/services/forms/serialize";
import { sessionProcedure } from "@/server/trpc";
import { ZFormRefInput } from "./outputs";
import { formFileUsage } from "@/server/uploads/usage";
import { isFileUpload } from "@/lib/forms/element-types";

export const ZFormOverviewOutput = ZDashboardForm.extend({
  lastSubmissionAt: z.string().nullable().describe("ISO 8601 of the last non-spam submission; null when none"),
  files: z
    .object({ takesFiles: z.boolean(), files: z.int(), bytes: z.number() })
    .describe("Whether it has a file-upload field; the files its submissions hold, and their size"),
});

/** One form for its dashboard page, also while it is in the trash (the page offers Restore). */
export const getFormOverviewRoute = sessionProcedure
  .input(ZFormRefInput)
  .output(ZFormOverviewOutput)
  .query(async ({ ctx, input }) => {
    const form = await getFormOverview(ctx.db, ctx.access, input.formUuid);
    const takesFiles = form.elements.some((e) => isFileUpload(e.type));
    const files = { takesFiles, ...(await formFileUsage(ctx.db, ctx.access.organizationId, form.id)) };
    return { ...toDashboardForm(form), lastSubmissionAt: form.lastSubmissionAt?.toISOString() ?? null, files };
  });
