import "server-only";
import { z } from "zod";
import { updateSubmissionAnswers } from "@/server/services/submissions/update-submission";
import { sessionProcedure } from "@/server/trpc";

export const ZUpdateDashboardSubmissionInput = z.object({
  id: z.string().max(64),
  data: z.record(z.string(), z.unknown()).describe("Every answer, keyed by element id (v2's shape); checked by the survey's rules"),
});

export const ZUpdateDashboardSubmissionOutput = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), updatedAt: z.string() }),
  z.object({ ok: z.literal(false), issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })) }),
]);

/** Saves edited answers (emits Submission.Updated); problems come back beside their answers. */
export const updateSubmissionRoute = sessionProcedure
  .input(ZUpdateDashboardSubmissionInput)
  .output(ZUpdateDashboardSubmissionOutput)
  .mutation(async ({ ctx, input }) => {
    const result = await updateSubmissionAnswers(ctx.db, ctx.access, input.id, input.data);
    return result.ok
      ? { ok: true as const, updatedAt: result.submission.updatedAt.toISOString() }
      : { ok: false as const, issues: result.issues };
  });
