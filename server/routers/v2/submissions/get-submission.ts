import { z } from "zod";
import { getSubmissionOrThrow } from "@/server/services/submissions/get-submission";
import { toV2Submission } from "@/server/services/submissions/serialize";
import { apiTokenProcedure } from "@/server/trpc";
import { ZPathParam } from "../../rest-params";
import { ZV2Submission } from "./schemas";

export const ZGetSubmissionInput = z.object({ id: ZPathParam.describe("Submission UUID") });
export const ZGetSubmissionOutput = z.object({ submission: ZV2Submission });

export const getSubmissionRoute = apiTokenProcedure("v2")
  .meta({
    scope: "submission.view",
    openapi: {
      method: "GET",
      path: "/submissions/{id}",
      tags: ["Submissions"],
      summary: "Get a submission",
      description:
        "404 `Submission not found` when the id is unknown, is not a UUID, or the submission's form is of another " +
        "organization, trashed, or outside a form-restricted token's forms.",
    },
    errors: { 404: ["Submission not found"] },
  })
  .input(ZGetSubmissionInput)
  .output(ZGetSubmissionOutput)
  .query(async ({ ctx, input }) => {
    const { submission, formUuid } = await getSubmissionOrThrow(ctx.db, ctx.access, input.id);
    return { submission: toV2Submission(submission, formUuid) };
  });
