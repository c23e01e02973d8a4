import "server-only";
import { MESSAGES } from "@/lib/errors";
import { deleteV1Submission } from "@/server/services/submissions/v1-submissions";
import { deleteSubmissionByIdRoute } from "../../rest-submission";

/** `DELETE /api/v1/submissions/{id}`: v2's delete, with v1's answer when there is nothing to delete. */
export const v1DeleteSubmissionRoute = deleteSubmissionByIdRoute(
  "v1",
  {
    description:
      `200 \`{"message": "${MESSAGES.submissionDeleted}"}\` — the same text as v2. The form's submission count drops in the same ` +
      "transaction. 400 `Error while fetching the submission` when there is nothing to delete: an unknown or " +
      "already deleted id, a non-UUID, another form's submission, or a trashed form. Emits `Submission.Deleted` to the " +
      "form's webhooks in the same transaction, exactly as the v2 delete. " +
      "Without the `submission.delete` scope: 403 `You do not have permission to view submissions` (v1 has one " +
      "message for every missing scope).",
    errors: { 400: [MESSAGES.v1SubmissionNotFound] },
  },
  deleteV1Submission,
);
