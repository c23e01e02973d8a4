import "server-only";
import { audited } from "@/server/audit/audited";
import { submissionTarget } from "@/server/audit/targets";
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
    const result = await audited(
      ctx,
      (tx) => updateSubmissionAnswers(tx, ctx.access, input.id, input.data),
      (r) =>
        r.ok ? { action: "submission.updated", target: submissionTarget(r.submission, r.form), metadata: { form: r.form.uuid } } : null,
    );
    return result.ok
      ? { ok: true as const, updatedAt: result.submission.updatedAt.toISOString() }
      : { ok: false as const, issues: result.issues };
  });
