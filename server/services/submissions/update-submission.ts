import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms, submissions, type Form } from "@/db/schema";
import { AppError, MESSAGES } from "@/lib/errors";
import { formAccessFilter, type FormAccess } from "@/server/services/forms/access";
import { queryableIds } from "@/lib/values/bulk";
import { idIn } from "@/server/services/lib/bulk-sql";
import { UUID_RE } from "@/lib/values/ids";
import { answersValidatorFor } from "@/server/services/survey/answers/validator-cache";
import { withStoredFiles } from "@/server/uploads/edit-answers";
import type { AnswerIssue } from "@/lib/answers/validate-answers";
import { enqueueSubmissionEvent, enqueueSubmissionEvents } from "@/server/webhooks/delivery/enqueue";

/*
 * Every change to a stored submission (its answers, its spam flag) goes through this file, so
 * whatever must be kept alongside a submission row has one place to hook. Each change, its
 * `updated_at` and its `Submission.Updated` event commit in one transaction.
 */

type UpdatedRow = { id: string; data: Record<string, unknown>; spam: boolean; createdAt: Date; updatedAt: Date };
type EventForm = Pick<Form, "id" | "uuid" | "name" | "elements">;

export type UpdateAnswersResult =
  | { ok: true; submission: UpdatedRow; form: Pick<Form, "uuid" | "name"> }
  | { ok: false; issues: AnswerIssue[] };

/** What a changed row hands its `Submission.Updated` event. */
const UPDATED_COLUMNS = {
  id: submissions.id,
  data: submissions.data,
  spam: submissions.spam,
  createdAt: submissions.createdAt,
  updatedAt: submissions.updatedAt,
};

const notFound = () => new AppError("NOT_FOUND", MESSAGES.submissionNotFound);

/** The submission's form, visible to `access`, locked against a concurrent change of its elements. */
async function formOfSubmission(tx: DbOrTx, access: FormAccess, id: string): Promise<Form> {
  const [row] = await tx
    .select({ form: forms })
    .from(submissions)
    .innerJoin(forms, eq(forms.id, submissions.formId))
    .where(and(eq(submissions.id, id), eq(submissions.organizationId, access.organizationId), formAccessFilter(access)))
    .for("share", { of: forms })
    .limit(1);
  if (!row) throw notFound();
  return row.form;
}

/**
 * Replaces a submission's answers with `data` (keyed by element id, v2's shape), checked by
 * the survey's own answer rules (required, types, options, lengths) and stored in their
 * canonical form. Problems come back as issues with the path of the answer they are about;
 * nothing is stored then. 404 when the submission is missing or not visible to `access`.
 */
export async function updateSubmissionAnswers(db: DbOrTx, access: FormAccess, id: string, data: unknown): Promise<UpdateAnswersResult> {
  if (!UUID_RE.test(id.trim())) throw notFound();
  const submissionId = id.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const form = await formOfSubmission(tx, access, submissionId);
    const checked = answersValidatorFor(form)(await withStoredFiles(tx, form, submissionId, data));
    if (!checked.ok) return { ok: false, issues: checked.issues };
    const [row] = await tx
      .update(submissions)
      .set({ data: checked.data, updatedAt: sql`now()` })
      .where(and(eq(submissions.id, submissionId), eq(submissions.organizationId, access.organizationId), eq(submissions.formId, form.id)))
      .returning(UPDATED_COLUMNS);
    if (!row) throw notFound();
    await enqueueSubmissionEvent(tx, "Submission.Updated", { form, submission: row });
    return { ok: true, submission: row, form: { uuid: form.uuid, name: form.name } };
  });
}

/**
 * Marks submissions of one form as spam or not spam, all or nothing: an id that is not a
 * submission of the form visible to `access` is a 422 listing it, and nothing changes.
 * Rows already in that state are left alone (no new `updated_at`, no event). Each changed row
 * gets `Submission.Updated`; spam submissions make no events, so marking as spam sends none and
 * marking as not spam tells the webhooks about a submission they now should know.
 */
export async function setSubmissionsSpam(
  db: DbOrTx,
  access: FormAccess,
  form: EventForm,
  ids: readonly string[],
  spam: boolean,
): Promise<{ updated: number }> {
  const wanted = [...new Set(queryableIds(ids))];
  return db.transaction(async (tx) => {
    const scope = and(eq(submissions.organizationId, access.organizationId), eq(submissions.formId, form.id), idIn(submissions.id, wanted));
    const found = await tx.select({ id: submissions.id }).from(submissions).where(scope).for("update");
    const missing = ids.filter((id) => !found.some((f) => f.id === id.trim().toLowerCase()));
    if (missing.length) {
      throw new AppError("IDS_NOT_FOUND", MESSAGES.submissionNotFound, { details: { notFoundIds: missing }, path: ["ids"] });
    }
    const changed = await tx
      .update(submissions)
      .set({ spam, updatedAt: sql`now()` })
      .where(and(scope, sql`${submissions.spam} is distinct from ${spam}`))
      .returning(UPDATED_COLUMNS);
    await enqueueSubmissionEvents(tx, "Submission.Updated", form, changed);
    return { updated: changed.length };
  });
}
