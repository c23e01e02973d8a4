import "server-only";
import { MESSAGES } from "@/lib/errors";
import { ZV1Submission } from "@/server/services/submissions/serialize";
import { getV1SubmissionOrThrow } from "@/server/services/submissions/v1-submissions";
import { getSubmissionByIdProcedure } from "../../rest-submission";

/** `GET /api/v1/submissions/{id}`: the v1 submission as the top-level body. */
export const v1GetSubmissionRoute = getSubmissionByIdProcedure("v1", {
  description:
    "The v1 submission as the top-level body. 400 `Error while fetching the submission` when the id is unknown, is " +
    "not a UUID, belongs to another form (a v1 token sees only its own form), or the form is trashed.",
  errors: { 400: [MESSAGES.v1SubmissionNotFound] },
})
  .output(ZV1Submission)
  .query(({ ctx, input }) => getV1SubmissionOrThrow(ctx.db, ctx.access, input.id));
