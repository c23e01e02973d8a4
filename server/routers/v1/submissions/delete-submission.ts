import { z } from "zod";
import { MESSAGES } from "@/server/errors";
import { deleteV1Submission } from "@/server/services/submissions/v1-submissions";
import { apiTokenProcedure } from "@/server/trpc";
import { ZPathParam } from "../../rest-params";

export const ZDeleteV1SubmissionInput = z.object({ id: ZPathParam.describe("Submission UUID") });
export const ZDeleteV1SubmissionOutput = z.object({ message: z.string().describe(`\`${MESSAGES.submissionDeleted}\``) });

export const deleteV1SubmissionRoute = apiTokenProcedure("v1")
  .meta({
    scope: "submission.delete",
    openapi: {
      method: "DELETE",
      path: "/submissions/{id}",
      tags: ["Submissions"],
      summary: "Delete a submission",
      description:
        `200 \`{"message": "${MESSAGES.submissionDeleted}"}\` — the same text as v2. The form's submission count drops in the same ` +
        "transaction. 400 `Error while fetching the submission` when there is nothing to delete: an unknown or " +
        "already deleted id, a non-UUID, another form's submission, or a trashed form. Emits `Submission.Deleted` to the " +
        "form's webhooks in the same transaction, exactly as the v2 delete. " +
        "Without the `submission.delete` scope: 403 `You do not have permission to view submissions` (v1 has one " +
        "message for every missing scope).",
    },
    errors: { 400: [MESSAGES.v1SubmissionNotFound] },
  })
  .input(ZDeleteV1SubmissionInput)
  .output(ZDeleteV1SubmissionOutput)
  .mutation(async ({ ctx, input }) => {
    await deleteV1Submission(ctx.db, ctx.access, input.id);
    return { message: MESSAGES.submissionDeleted };
  });
