import "server-only";
import type { DbOrTx } from "@/db";
import { AppError, MESSAGES } from "@/lib/errors";
import { findAccessibleForm, type FormAccess } from "@/server/services/forms/access";
import { deleteSubmission, type DeletedSubmission } from "./delete-submission";
import { findSubmission } from "./get-submission";
import type { FormTarget } from "./query/target";
import { toV1Submission, type V1Submission } from "./serialize";
import { presentFileAnswers } from "@/server/uploads/file-links";

/**
 * The v1 submission operations (server/routers/v1/submissions/): the v2 services — one form
 * check, one query, one delete — with v1's answers. A v1 token's access names exactly its one
 * form.
 */

/** The token's form; null when the access names none (its form is gone). */
function v1FormId(access: FormAccess): number | null {
  return access.formIds?.length === 1 ? access.formIds[0]! : null;
}

/** The form `GET /api/v1/submissions` lists: the token's own; 404 `Form not found or not authorized` when it has none. */
export function v1ListedForm(access: FormAccess): FormTarget {
  const formId = v1FormId(access);
  if (formId === null) throw new AppError("NOT_FOUND", MESSAGES.formNotFound);
  return { formId };
}

const fetchError = () => new AppError("BAD_REQUEST", MESSAGES.v1SubmissionNotFound);

/** 400 `Error while fetching the submission` when missing, malformed, of another form, or the form is trashed. */
export async function getV1SubmissionOrThrow(db: DbOrTx, access: FormAccess, id: string): Promise<V1Submission> {
  const formId = v1FormId(access);
  if (formId === null) throw fetchError();
  const [found, form] = await Promise.all([findSubmission(db, access, id), findAccessibleForm(db, access, formId)]);
  if (!found || !form) throw fetchError();
  const [shown] = await presentFileAnswers(db, [found.submission]);
  return toV1Submission(shown!, form);
}

/** The v2 delete (form counter kept exact); nothing to delete → the v1 fetch error. */
export async function deleteV1Submission(db: DbOrTx, access: FormAccess, id: string): Promise<DeletedSubmission> {
  try {
    return await deleteSubmission(db, access, id);
  } catch (e) {
    if (e instanceof AppError && e.code === "NOT_FOUND") throw fetchError();
    throw e;
  }
}
