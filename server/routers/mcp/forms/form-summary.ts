import "server-only";
import { z } from "zod";
import { getAccessibleFormOrThrow } from "@/server/services/forms/access";
import { CHART_DAYS, submissionStats } from "@/server/services/submissions/submission-stats";
import { apiTokenProcedure } from "@/server/trpc";
import { ZMcpFormRef } from "./draft-output";

export const ZFormSummaryOutput = z.object({
  formUuid: z.string(),
  perDay: z
    .array(z.object({ day: z.string().describe("YYYY-MM-DD (UTC)"), count: z.number().int() }))
    .describe(`Submissions per UTC day over the last ${CHART_DAYS} days, oldest first`),
  choices: z
    .array(
      z.object({
        elementId: z.string(),
        label: z.string(),
        answered: z.number().int().describe("Submissions that answered this field"),
        options: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int(), percent: z.number() })),
      }),
    )
    .describe("Each top-level choice field's counts per option"),
});

/** The dashboard chart's numbers for one form (every submission, as v2 lists them). */
export const mcpFormSummaryRoute = apiTokenProcedure("v2")
  .meta({ scope: "submission.view" })
  .input(z.object({ form: ZMcpFormRef }))
  .output(ZFormSummaryOutput)
  .query(async ({ ctx, input }) => {
    const form = await getAccessibleFormOrThrow(ctx.db, ctx.access, input.form);
    const stats = await submissionStats(ctx.db, ctx.access, form, { filters: [], view: "all" });
    return { formUuid: form.uuid, ...stats };
  });
