import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms, submissions, type Form } from "@/db/schema";
import { MESSAGES } from "@/lib/errors";
import type { FormAccess } from "@/server/services/forms/access";
import { assertAllFound, distinctIds } from "@/lib/values/bulk";
import { idIn, inForm } from "@/server/services/lib/bulk-sql";
import { enqueueSubmissionEvents } from "@/server/webhooks/delivery/enqueue";
import { removeFilesOfDeleted } from "@/server/uploads/answer-files";

type DeletedRow = { id: string; data: Record<string, unknown>; spam: boolean; created_at: Date; updated_at: Date };

/**
 * Deletes several submissions of one form (checked against `access` by the caller), all or
 * nothing, as v2's delete does one (deleteSubmission): one statement removes the rows and
 * takes them off the form's count, then each gets its own `Submission.Deleted` (the
 * submission as it was; one insert for all), all in one transaction. An id that is not a submission of the form
 * is a 422 listing it; nothing is deleted then.
 */
export async function deleteSubmissions(
  db: DbOrTx,
  access: FormAccess,
  form: Pick<Form, "id" | "uuid" | "name" | "elements">,
  ids: readonly string[],
): Promise<{ deleted: number }> {
  const wanted = distinctIds(ids);
  let datas: Record<string, unknown>[] = [];
  const result = await db.transaction(async (tx) => {
    // The counter's update locks the form row, so concurrent deletes keep it exact (as deleteSubmission).
    const deleted = await tx.execute<DeletedRow>(sql`
      with deleted as (
        delete from ${submissions}
        where ${inForm(submissions, access, form.id)} and ${idIn(submissions.id, wanted)}
        returning ${submissions.id} as id, ${submissions.data} as data, ${submissions.spam} as spam,
          ${submissions.createdAt} as created_at, ${submissions.updatedAt} as updated_at
      ), counted as (
        -- runs though nothing reads it: PostgreSQL always completes a data-modifying WITH
        update ${forms} set submissions_count = ${forms.submissionsCount} - (select count(*) from deleted)
        where ${forms.id} = ${form.id} and ${forms.organizationId} = ${access.organizationId} and exists (select 1 from deleted)
        returning 1
      )
      select id, data, spam, created_at, updated_at from deleted`);
    // In the order asked for, as one delete after another would have sent them.
    const order = new Map(wanted.map((id, i) => [id.trim().toLowerCase(), i]));
    const rows = [...deleted].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    assertAllFound(
      wanted,
      rows.map((r) => r.id),
      MESSAGES.submissionNotFound,
      ["ids"],
    );
    await enqueueSubmissionEvents(
      tx,
      "Submission.Deleted",
      form,
      rows.map((row) => ({
        id: row.id,
        data: row.data,
        spam: row.spam,
        createdAt: new Date(row.created_at),
        updatedAt: new Date(row.updated_at),
      })),
    );
    datas = rows.map((r) => r.data);
    return { deleted: rows.length };
  });
  await removeFilesOfDeleted(db, datas);
  return result;
}
