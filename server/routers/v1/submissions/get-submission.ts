import { z } from "zod";
import { MESSAGES } from "@/server/errors";
import { getV1SubmissionOrThrow } from "@/server/services/submissions/v1-submissions";
import { apiTokenProcedure } from "@/server/trpc";
import { ZPathParam } from "../../rest-params";
import { ZV1Submission } from "../schemas";

export const ZGetV1SubmissionInput = z.object({ id: ZPathParam.describe("Submission UUID") });
export const ZGetV1SubmissionOutput = ZV1Submission;

export const getV1SubmissionRoute = apiTokenProcedure("v1")
  .meta({
    scope: "submission.view",
    openapi: {
      method: "GET",
      path: "/submissions/{id}",
      tags: ["Submissions"],
      summary: "Get a submission",
      description:
        "The v1 submission as the top-level body. 400 `Error while fetching the submission` when the id is unknown, is " +
        "not a UUID, belongs to another form (a v1 token sees only its own form), or the form is trashed.",
    },
    errors: { 400: [MESSAGES.v1SubmissionNotFound] },
  })
  .input(ZGetV1SubmissionInput)
  .output(ZGetV1SubmissionOutput)
  .query(({ ctx, input }) => getV1SubmissionOrThrow(ctx.db, ctx.access, input.id));
