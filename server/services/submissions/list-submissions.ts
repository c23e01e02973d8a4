import { and, asc, count, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { submissions, type Form } from "@/db/schema";
import { AppError, MESSAGES } from "@/server/errors";
import { getAccessibleFormOrThrow, parseFormRef, type FormAccess } from "@/server/services/forms/access";
import { filtersSql } from "./filter-sql";
import { parseFilters, type FilterParam } from "./filters";
import type { SubmissionSort } from "./sort";

export const PAGE_SIZE = 20;

export type ListSubmissionsParams = {
  /** Numeric form id (`form_id`). */
  formId?: string | number;
  /** Form UUID (`form_uuid`); a numeric id is accepted too. */
  formUuid?: string;
  page: number;
  sort: SubmissionSort;
  /** `<field>__<filter_type>` query parameters in the order given (see parseFilters). */
  filterParams?: readonly FilterParam[];
};

export type ListedSubmission = Pick<(typeof submissions)["$inferSelect"], "id" | "data" | "createdAt" | "updatedAt">;

const SORT_COLUMNS = {
  created_at: submissions.createdAt,
  updated_at: submissions.updatedAt,
  duration: submissions.duration,
} as const;

/**
 * The form a listing is for: `form_id` and/or `form_uuid`, visible to `access`. When both
 * are given they must name the same form. Missing, foreign, trashed or restricted → 404.
 */
export async function resolveListForm(
  db: DbOrTx,
  access: FormAccess,
  formId: string | number | undefined,
  formUuid: string | undefined,
): Promise<Form> {
  const hasId = formId !== undefined && String(formId).trim() !== "";
  const hasUuid = formUuid !== undefined && formUuid.trim() !== "";
  if (!hasId && !hasUuid) throw new AppError("BAD_REQUEST", MESSAGES.formRequired);
  if (hasId) {
    // form_id is the numeric id only; a UUID belongs in form_uuid.
    const ref = parseFormRef(formId!);
    if (!ref || !("id" in ref)) throw new AppError("NOT_FOUND", MESSAGES.formNotFound);
  }
  const form = await getAccessibleFormOrThrow(db, access, hasId ? formId : formUuid!);
  if (hasId && hasUuid) {
    const ref = parseFormRef(formUuid!);
    const same = ref !== null && ("id" in ref ? ref.id === form.id : ref.uuid === form.uuid.toLowerCase());
    if (!same) throw new AppError("NOT_FOUND", MESSAGES.formNotFound);
  }
  return form;
}

/**
 * Submissions of one form visible to `access`, 20 a page, filtered (spec §4.15) and sorted
 * with `id` as the tie-break, so the order is total and pages never overlap.
 * totalCount is exact: the form's kept counter when unfiltered, else one count query that
 * runs in parallel with the page query. A page past the end is empty.
 */
export async function listSubmissions(
  db: DbOrTx,
  access: FormAccess,
  params: ListSubmissionsParams,
): Promise<{ form: Form; submissions: ListedSubmission[]; totalCount: number }> {
  const form = await resolveListForm(db, access, params.formId, params.formUuid);
  const filters = parseFilters(form.elements, params.filterParams ?? []);

  // Tenant filter first, always: the form was checked against `access` above, and the
  // submissions themselves must belong to the same organization.
  const where = and(
    eq(submissions.organizationId, access.organizationId),
    eq(submissions.formId, form.id),
    filtersSql(filters),
  );
  const dir = params.sort.order === "asc" ? asc : desc;
  const offset = (params.page - 1) * PAGE_SIZE;

  // submissions_count is exact (kept in the same transaction as every insert/delete), so a
  // page past it is empty without scanning to the offset.
  const pageQuery = () =>
    offset >= form.submissionsCount
      ? Promise.resolve([] as ListedSubmission[])
      : db
          .select({ id: submissions.id, data: submissions.data, createdAt: submissions.createdAt, updatedAt: submissions.updatedAt })
          .from(submissions)
          .where(where)
          .orderBy(dir(SORT_COLUMNS[params.sort.field]), dir(submissions.id))
          .limit(PAGE_SIZE)
          .offset(offset);

  if (filters.length === 0) {
    return { form, submissions: await pageQuery(), totalCount: form.submissionsCount };
  }
  const [rows, counted] = await Promise.all([
    pageQuery(),
    db.select({ n: count() }).from(submissions).where(where),
  ]);
  return { form, submissions: rows, totalCount: counted[0]?.n ?? 0 };
}
