import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms, submissions, type FormElement } from "@/db/schema";
import { AppError, MESSAGES } from "@/lib/errors";
import { formAccessFilter, type FormAccess } from "@/server/services/forms/access";
import { UUID_RE } from "@/lib/values/ids";
import { enqueueSubmissionEvent } from "@/server/webhooks/delivery/enqueue";
import { removeFilesOfDeleted } from "@/server/uploads/answer-files";

type DeletedRow = {
  id: string;
  data: Record<string, unknown>;
  spam: boolean;
  created_at: Date;
  updated_at: Date;
  form_id: number;
  form_uuid: string;
  form_name: string;
  form_elements: FormElement[];
};

/** Which submission a delete removed, and its form. */
export type DeletedSubmission = { id: string; form: { id: number; uuid: string; name: string } };

/**
 * Deletes a submission visible to `access`, decrements its form's `submissions_count` and
 * writes `Submission.Deleted` (the submission as it was) to the form's webhooks — all in one
 * transaction. Under concurrency the second of two deletes of the same row deletes nothing
 * and changes no counter; deletes of different rows serialise on the form row, so the counter
 * stays exact. Throws 404 `Submission not found` when there is nothing to delete.
 */
export async function deleteSubmission(db: DbOrTx, access: FormAccess, id: string): Promise<DeletedSubmission> {
  const notFound = () => new AppError("NOT_FOUND", MESSAGES.submissionNotFound);
  if (!UUID_RE.test(id.trim())) throw notFound();
  let data: Record<string, unknown> = {};
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx.execute<DeletedRow>(sql`
      with deleted as (
        delete from ${submissions} using ${forms}
        where ${submissions.id} = ${id.trim().toLowerCase()}
          and ${submissions.organizationId} = ${access.organizationId}
          and ${submissions.formId} = ${forms.id}
          and ${formAccessFilter(access)}
        returning ${submissions.id} as id, ${submissions.formId} as form_id, ${submissions.data} as data,
          ${submissions.spam} as spam, ${submissions.createdAt} as created_at, ${submissions.updatedAt} as updated_at
      ), counted as (
        update ${forms} set submissions_count = ${forms.submissionsCount} - 1
        from deleted where ${forms.id} = deleted.form_id
        returning ${forms.id} as id, ${forms.uuid} as uuid, ${forms.name} as name, ${forms.elements} as elements
      )
      select d.id, d.data, d.spam, d.created_at, d.updated_at,
        c.id as form_id, c.uuid as form_uuid, c.name as form_name, c.elements as form_elements
      from deleted d join counted c on c.id = d.form_id`);
    if (!row) throw notFound();
    await enqueueSubmissionEvent(tx, "Submission.Deleted", {
      form: { id: row.form_id, uuid: row.form_uuid, name: row.form_name, elements: row.form_elements },
      submission: { id: row.id, data: row.data, spam: row.spam, createdAt: new Date(row.created_at), updatedAt: new Date(row.updated_at) },
    });
    data = row.data;
    return { id: row.id, form: { id: row.form_id, uuid: row.form_uuid, name: row.form_name } };
  });
  await removeFilesOfDeleted(db, [data]);
  return deleted;
}
