import { and, count, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { submissions, type Form } from "@/db/schema";
import type { FormAccess } from "@/server/services/forms/access";
import { PAGE_SIZE, pageOffset } from "@/server/services/lib/pagination";
import { filtersSql } from "./filter-sql";
import type { Filter } from "./filters";
import { LISTED_COLUMNS, listFormSubmissions, resolveListForm, type ListedSubmission } from "./list-submissions";
import type { ColumnSort } from "./sort";

/** Which submissions the dashboard shows: everything (as v2 lists them), or one side of the spam flag. */
export const SPAM_VIEWS = ["all", "not_spam", "spam"] as const;
export type SpamView = (typeof SPAM_VIEWS)[number];

/** A row of the table: v2's listed row (which carries duration and spam). */
export type DashboardSubmission = ListedSubmission;

/** The form of a dashboard page, by UUID or numeric id, visible to `access` (404 otherwise). */
export const dashboardForm = (db: DbOrTx, access: FormAccess, formRef: string) => resolveListForm(db, access, undefined, formRef);

/**
 * WHERE of the dashboard's submission set: tenant and form first, then v2's filter engine
 * (filtersSql), then the spam view. The table, the charts and the CSV export all read it,
 * so the three always agree on which submissions "the filtered set" is.
 */
export function dashboardWhere(access: FormAccess, form: Pick<Form, "id">, filters: readonly Filter[], view: SpamView): SQL {
  const parts: (SQL | undefined)[] = [eq(submissions.organizationId, access.organizationId), eq(submissions.formId, form.id), filtersSql(filters, form.id)];
  if (view !== "all") parts.push(eq(submissions.spam, view === "spam"));
  return and(...parts)!;
}

/** ORDER BY of a column sort, id breaking ties in the same direction (as v2 orders). */
export function dashboardOrder(sort: ColumnSort): SQL[] {
  const dir = sql.raw(sort.order);
  const column = { created_at: submissions.createdAt, updated_at: submissions.updatedAt, duration: submissions.duration }[sort.field];
  return [sql`${column} ${dir}`, sql`${submissions.id} ${dir}`];
}

/**
 * One page of a form's submissions for the dashboard. The "all" view is v2's listing itself
 * (listFormSubmissions: the same filters, order, pages and counts as GET /api/v2/submissions);
 * a spam view adds the flag to the same WHERE. Rows carry duration and spam, which v2's
 * shape omits but its query reads, so a page is one query (and its count).
 */
export async function listDashboardSubmissions(
  db: DbOrTx,
  access: FormAccess,
  form: Form,
  params: { page: number; sort: ColumnSort; filters: readonly Filter[]; view: SpamView },
): Promise<{ submissions: DashboardSubmission[]; totalCount: number }> {
  if (params.view === "all") return listFormSubmissions(db, access, form, { page: params.page, sort: params.sort, filters: params.filters });
  const where = dashboardWhere(access, form, params.filters, params.view);
  const [rows, total] = await Promise.all([
    db
      .select(LISTED_COLUMNS)
      .from(submissions)
      .where(where)
      .orderBy(...dashboardOrder(params.sort))
      .limit(PAGE_SIZE)
      .offset(pageOffset(params.page)),
    db.select({ n: count() }).from(submissions).where(where),
  ]);
  return { submissions: rows, totalCount: total[0]?.n ?? 0 };
}
