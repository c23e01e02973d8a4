import type { DbOrTx } from "@/db";
import type { Form, Submission } from "@/db/schema";
import { AppError, MESSAGES } from "@/server/errors";
import { findAccessibleForm, getAccessibleFormOrThrow, type FormAccess } from "@/server/services/forms/access";
import { dataByLabel } from "./by-label";
import { deleteSubmission } from "./delete-submission";
import { FieldResolver } from "./fields";
import { parseFilters, type FilterParam } from "./filters";
import { findSubmission } from "./get-submission";
import { listFormSubmissions, type ListedSubmission } from "./list-submissions";
import { resolveV1Sort } from "./sort";
import { v1FilterParams } from "./v1-filters";

/**
 * The v1 submission operations (server/routers/v1/submissions/): the v2 services — one form check, one filter
 * engine, one delete — with v1's parameters translated and v1's answers. A v1 token's
 * access names exactly its one form.
 */

/** v1 submission (`GET /api/v1/submissions/{id}`): `data` keyed by field label (see dataByLabel). */
export function toV1Submission(s: Pick<Submission, "id" | "spam" | "data" | "createdAt" | "updatedAt">, form: Pick<Form, "elements">) {
  return {
    id: s.id,
    spam: s.spam,
    data: dataByLabel(form.elements, s.data),
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

export type V1Submission = ReturnType<typeof toV1Submission>;

/** The token's form; null when it is trashed (or the access names none). */
function v1FormId(access: FormAccess): number | null {
  return access.formIds?.length === 1 ? access.formIds[0]! : null;
}

export type ListV1SubmissionsParams = {
  page: number;
  sort?: string;
  order?: string;
  /** Every other query parameter, in the order given (filters; the rest is ignored). */
  query: readonly FilterParam[];
};

/** 404 `Form not found or not authorized` when the token's form is trashed. */
export async function listV1Submissions(
  db: DbOrTx,
  access: FormAccess,
  params: ListV1SubmissionsParams,
): Promise<{ form: Form; submissions: ListedSubmission[]; totalCount: number }> {
  const formId = v1FormId(access);
  if (formId === null) throw new AppError("NOT_FOUND", MESSAGES.formNotFound);
  const form = await getAccessibleFormOrThrow(db, access, formId);
  // One resolver for the sort, the v1 → v2 translation and the filter parser.
  const fields = new FieldResolver(form.elements);
  const listed = await listFormSubmissions(db, access, form, {
    page: params.page,
    sort: resolveV1Sort(fields, params.sort, params.order),
    filters: parseFilters(fields, v1FilterParams(fields, params.query)),
  });
  return { form, ...listed };
}

const fetchError = () => new AppError("BAD_REQUEST", MESSAGES.v1SubmissionNotFound);

/** 400 `Error while fetching the submission` when missing, malformed, of another form, or the form is trashed. */
export async function getV1SubmissionOrThrow(db: DbOrTx, access: FormAccess, id: string): Promise<V1Submission> {
  const formId = v1FormId(access);
  if (formId === null) throw fetchError();
  const [found, form] = await Promise.all([findSubmission(db, access, id), findAccessibleForm(db, access, formId)]);
  if (!found || !form) throw fetchError();
  return toV1Submission(found.submission, form);
}

/** The v2 delete (form counter kept exact); nothing to delete → the v1 fetch error. */
export async function deleteV1Submission(db: DbOrTx, access: FormAccess, id: string): Promise<void> {
  try {
    await deleteSubmission(db, access, id);
  } catch (e) {
    if (e instanceof AppError && e.code === "NOT_FOUND") throw fetchError();
    throw e;
  }
}
