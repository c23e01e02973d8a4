import "server-only";
import { z } from "zod";
import { getAccessibleFormOrThrow } from "@/server/services/forms/access";
import { parseFilterRows } from "@/server/services/submissions/filter-rows";
import { submissionStats } from "@/server/services/submissions/submission-stats";
import { sessionProcedure } from "@/server/trpc";
import { ZSubmissionSet } from "./schemas";
import { readDb } from "@/server/read-replica";

export const ZSubmissionStatsOutput = z.object({
  perDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
  choices: z.array(
    z.object({
      elementId: z.string(),
      label: z.string(),
      answered: z.number().int(),
      options: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int(), percent: z.number() })),
    }),
  ),
});

/** The charts of the table's filtered set: per day, and per choice field's option. */
export const getSubmissionStatsRoute = sessionProcedure
  .input(ZSubmissionSet)
  .output(ZSubmissionStatsOutput)
  .query(async ({ ctx, input }) => {
    const reader = await readDb(ctx.db);
    const form = await getAccessibleFormOrThrow(reader, ctx.access, input.formUuid);
    return submissionStats(reader, ctx.access, form, { filters: parseFilterRows(form.elements, input.filters), view: input.view });
  });
