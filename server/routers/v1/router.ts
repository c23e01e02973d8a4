import "server-only";
import { router } from "@/server/trpc";
import { v1ListFormsRoute } from "./forms/list-forms";
import { v1DeleteSubmissionRoute } from "./submissions/delete-submission";
import { v1GetSubmissionRoute } from "./submissions/get-submission";
import { v1ListSubmissionsRoute } from "./submissions/list-submissions";

/**
 * The legacy per-form REST API (`/api/v1`): the same services as v2 under v1
 * tokens, names and shapes. The only list of its procedures.
 */
export const v1Router = router({
  forms: router({ list: v1ListFormsRoute }),
  submissions: router({ list: v1ListSubmissionsRoute, get: v1GetSubmissionRoute, delete: v1DeleteSubmissionRoute }),
});
