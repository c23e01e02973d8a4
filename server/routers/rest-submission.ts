import "server-only";
import { audited } from "@/server/audit/audited";
import { submissionTarget } from "@/server/audit/targets";
import type { DeletedSubmission } from "@/server/services/submissions/delete-submission";
import { z } from "zod";
import type { DbOrTx } from "@/db";
import { MESSAGES } from "@/lib/errors";
import type { FormAccess } from "@/server/services/forms/access";
import type { TokenKind } from "@/server/services/tokens/token-format";
import { apiTokenProcedure, type Meta } from "@/server/trpc";
import { ZPathParam } from "./rest-params";

/*
 * `GET` and `DELETE /submissions/{id}` of the two token surfaces: one submission by UUID,
 * within the token's access. v1 and v2 share the operation — its path parameter, scope,
 * summary and the delete's answer; each route says the rest: its description, its answer for
 * a submission it cannot see (v1 400, v2 404), the service it calls and, for GET, its shape.
 */

const ZSubmissionIdInput = z.object({ id: ZPathParam.describe("Submission UUID") });
export const ZSubmissionDeletedOutput = z.object({ message: z.string().describe(`\`${MESSAGES.submissionDeleted}\``) });

/** What a surface says of the operation: its description, and its errors as data (Meta.errors). */
type SurfaceDoc = { description: string; errors: NonNullable<Meta["errors"]> };

const operation = (method: "GET" | "DELETE", summary: string, doc: SurfaceDoc) => ({
  openapi: { method, path: "/submissions/{id}" as const, tags: ["Submissions"], summary, description: doc.description },
  errors: doc.errors,
});

/** `GET /submissions/{id}` of a token surface, up to its input (`{id}`): the route adds its shape and its read. */
export function getSubmissionByIdProcedure(kind: TokenKind, doc: SurfaceDoc) {
  return apiTokenProcedure(kind)
    .meta({ scope: "submission.view", ...operation("GET", "Get a submission", doc) })
    .input(ZSubmissionIdInput);
}

/** `DELETE /submissions/{id}` of a token surface: `remove` deletes, the answer is `{message}`. */
export function deleteSubmissionByIdRoute(
  kind: TokenKind,
  doc: SurfaceDoc,
  remove: (db: DbOrTx, access: FormAccess, id: string) => Promise<DeletedSubmission>,
) {
  return apiTokenProcedure(kind)
    .meta({ scope: "submission.delete", ...operation("DELETE", "Delete a submission", doc) })
    .input(ZSubmissionIdInput)
    .output(ZSubmissionDeletedOutput)
    .mutation(async ({ ctx, input }) => {
      await audited(
        ctx,
        (tx) => remove(tx, ctx.access, input.id),
        (d) => ({ action: "submission.deleted", target: submissionTarget(d, d.form), metadata: { form: d.form.uuid, count: 1 } }),
      );
      return { message: MESSAGES.submissionDeleted };
    });
}
