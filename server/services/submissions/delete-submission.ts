import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms, submissions } from "@/db/schema";
import { AppError, MESSAGES } from "@/server/errors";
import { formAccessFilter, type FormAccess } from "@/server/services/forms/access";
import { UUID_RE } from "@/server/services/lib/ids";

/**
 * Deletes a submission visible to `access` and decrements its form's `submissions_count`
 * in the same statement (one atomic transaction, one round trip). Under concurrency the
 * second of two deletes of the same row deletes nothing and changes no counter; deletes of
 * different rows serialise on the form row, so the counter stays exact.
 * Throws 404 `Submission not found` when there is nothing to delete.
 */
export async function deleteSubmission(db: DbOrTx, access: FormAccess, id: string): Promise<{ formId: number }> {
  const notFound = () => new AppError("NOT_FOUND", MESSAGES.submissionNotFound);
  if (!UUID_RE.test(id.trim())) throw notFound();
  const rows = await db.execute<{ id: number }>(sql`
    with deleted as (
      delete from ${submissions} using ${forms}
      where ${submissions.id} = ${id.trim().toLowerCase()}
        and ${submissions.organizationId} = ${access.organizationId}
        and ${submissions.formId} = ${forms.id}
        and ${formAccessFilter(access)}
      returning ${submissions.formId} as form_id
    )
    update ${forms} set submissions_count = ${forms.submissionsCount} - 1
    from deleted where ${forms.id} = deleted.form_id
    returning ${forms.id} as id`);
  const row = rows[0];
  if (!row) throw notFound();
  return { formId: row.id };
}
