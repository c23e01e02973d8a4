import "server-only";
import { z } from "zod";
import { getSubmissionOrThrow } from "@/server/services/submissions/get-submission";
import { toV2Submission, ZV2Submission } from "@/server/services/submissions/serialize";
import { getSubmissionByIdProcedure } from "../../rest-submission";
import { presentFileAnswers } from "@/server/uploads/file-links";

export const ZV2GetSubmissionOutput = z.object({ submission: ZV2Submission });

/** `GET /api/v2/submissions/{id}`: `{submission}`. */
export const v2GetSubmissionRoute = getSubmissionByIdProcedure("v2", {
  description:
    "404 `Submission not found` when the id is unknown, is not a UUID, or the submission's form is of another " +
    "organization, trashed, or outside a form-restricted token's forms.",
  errors: { 404: ["Submission not found"] },
})
  .output(ZV2GetSubmissionOutput)
  .query(async ({ ctx, input }) => {
    const { submission, formUuid } = await getSubmissionOrThrow(ctx.db, ctx.access, input.id);
    const [shown] = await presentFileAnswers(ctx.db, [submission]);
    return { submission: toV2Submission(shown!, formUuid) };
  });
