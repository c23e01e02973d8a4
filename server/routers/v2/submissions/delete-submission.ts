import "server-only";
import { deleteSubmission } from "@/server/services/submissions/delete-submission";
import { deleteSubmissionByIdRoute } from "../../rest-submission";

/** `DELETE /api/v2/submissions/{id}`. */
export const v2DeleteSubmissionRoute = deleteSubmissionByIdRoute(
  "v2",
  {
    description:
      "Deletes the submission and decrements the form's `submissionsCount` in the same transaction. " +
      "404 `Submission not found` when the id is unknown (also when it was already deleted), is not a UUID, or the " +
      "submission is not visible to the token (other organization, trashed form, form-restricted token). " +
      "Emits `Submission.Deleted`, carrying the submission as it was, to the form's webhooks subscribed to it — " +
      "written in the same transaction as the delete, so one never happens without the other (spam submissions make no " +
      "events). Every deletion is reported this way, whether it comes through the API or the dashboard.",
    errors: { 404: ["Submission not found"] },
  },
  deleteSubmission,
);
