import { z } from "zod";
import { MESSAGES } from "@/server/errors";
import { deleteSubmission } from "@/server/services/submissions/delete-submission";
import { apiTokenProcedure } from "@/server/trpc";
import { ZPathParam } from "../../rest-params";

export const ZDeleteSubmissionInput = z.object({ id: ZPathParam.describe("Submission UUID") });
export const ZDeleteSubmissionOutput = z.object({ message: z.string().describe("`Submission deleted successfully`") });

export const deleteSubmissionRoute = apiTokenProcedure("v2")
  .meta({
    scope: "submission.delete",
    openapi: {
      method: "DELETE",
      path: "/submissions/{id}",
      tags: ["Submissions"],
      summary: "Delete a submission",
      description:
        "Deletes the submission and decrements the form's `submissionsCount` in the same transaction. " +
        "404 `Submission not found` when the id is unknown (also when it was already deleted), is not a UUID, or the " +
        "submission is not visible to the token (other organization, trashed form, form-restricted token). " +
        "Emits `Submission.Deleted`, carrying the submission as it was, to the form's webhooks subscribed to it — " +
        "written in the same transaction as the delete, so one never happens without the other (spam submissions make no " +
        "events). Spec §6.1 states no events for REST operations; we chose to report every deletion.",
    },
    errors: { 404: ["Submission not found"] },
  })
  .input(ZDeleteSubmissionInput)
  .output(ZDeleteSubmissionOutput)
  .mutation(async ({ ctx, input }) => {
    await deleteSubmission(ctx.db, ctx.access, input.id);
    return { message: MESSAGES.submissionDeleted };
  });
