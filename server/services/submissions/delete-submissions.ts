import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { submissions, type Form } from "@/db/schema";
import { AppError, MESSAGES } from "@/server/errors";
import type { FormAccess } from "@/server/services/forms/access";
import { distinctIds, idIn } from "@/server/services/lib/bulk";
import { deleteSubmission } from "./delete-submission";

/**
 * Deletes several submissions of one form, all or nothing: each through v2's delete
 * (deleteSubmission: the row, the form's count and its own `Submission.Deleted`), all in one
 * transaction. An id that is not a submission of the form is a 422 listing it; nothing is
 * deleted then.
 */
export async function deleteSubmissions(db: DbOrTx, access: FormAccess, form: Pick<Form, "id">, ids: readonly string[]): Promise<{ deleted: number }> {
  const wanted = distinctIds(ids);
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: submissions.id })
      .from(submissions)
      .where(and(eq(submissions.organizationId, access.organizationId), eq(submissions.formId, form.id), idIn(submissions.id, wanted)));
    const have = new Set(found.map((f) => f.id));
    const missing = wanted.filter((id) => !have.has(id.trim().toLowerCase()));
    if (missing.length) throw new AppError("IDS_NOT_FOUND", MESSAGES.submissionNotFound, { details: { notFoundIds: missing }, path: ["ids"] });
    for (const id of wanted) await deleteSubmission(tx, access, id);
    return { deleted: wanted.length };
  });
}
