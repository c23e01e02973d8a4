import { router } from "@/server/trpc";
import { v1ListFormsRoute } from "./forms/list-forms";
import { deleteV1SubmissionRoute } from "./submissions/delete-submission";
import { getV1SubmissionRoute } from "./submissions/get-submission";
import { listV1SubmissionsRoute } from "./submissions/list-submissions";

/**
 * The legacy per-form REST API (`/api/v1`): the same services as v2 under v1
 * tokens, names and shapes. The only list of its procedures.
 */
export const v1Router = router({
  forms: router({ list: v1ListFormsRoute }),
  submissions: router({ list: listV1SubmissionsRoute, get: getV1SubmissionRoute, delete: deleteV1SubmissionRoute }),
});
