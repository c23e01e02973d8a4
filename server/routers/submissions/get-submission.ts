import { z } from "zod";
import { accessFromPrincipal } from "@/server/services/forms/access";
import { getSubmissionOrThrow } from "@/server/services/submissions/get-submission";
import { toV2Submission } from "@/server/services/submissions/serialize";
import { apiTokenProcedure } from "@/server/trpc";
import { ZPathParam } from "../shared/params";
import { ZV2Submission } from "./shared";

export const ZGetSubmissionInput = z.object({ id: ZPathParam.describe("Submission UUID") });
export const ZGetSubmissionOutput = z.object({ submission: ZV2Submission });

export const getSubmission = apiTokenProcedure("v2")
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
      errorResponses: { 404: "Submission not found" },
    },
  })
  .input(ZGetSubmissionInput)
  .output(ZGetSubmissionOutput)
  .query(async ({ ctx, input }) => {
    const { submission, formUuid } = await getSubmissionOrThrow(ctx.db, accessFromPrincipal(ctx.principal), input.id);
    return { submission: toV2Submission(submission, formUuid) };
  });
