/*
 * The API's usual request — page 1, no filters, sorted by a column — in one statement with its
 * form (one round trip instead of two), and with a token's check riding in it too.
 */
import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { executePrepared } from "@/db/prepared";
import { forms, submissions, type Form } from "@/db/schema";
import { checkedFormAccessFilter, formAccessFilter, formRefFilter, type FormAccess } from "@/server/services/forms/access";
import { PAGE_SIZE } from "@/server/services/lib/pagination";
import type { ColumnSort } from "../sort";
import { submissionsCountSql } from "../submission-count";
import { LISTED_COLUMNS, type ListedSubmission, type SubmissionListing } from "./listed";
import { orderBy } from "./order";

/**
 * A credential check that rides in a statement of the read it guards, sparing its own round
 * trip (server/auth/api-token-auth.ts makes one): `ctes` lead the statement (its WITH list),
 * `column` is one of its select list items, and the row's `fh_check` value goes to `settle`
 * (or the statement's error to `fail`). `tenantSql` is the access as the check reads it, in
 * the same statement: `(organization_id, form_ids)`, no row for a refused credential.
 */
export type RidingCheck = {
  ctes: SQL;
  column: SQL;
  tenantSql: SQL;
  settle: (value: unknown) => void;
  fail: (error: unknown) => void;
};

/** A parsed form reference (parseFormRef). */
type FormRef = { id: number } | { uuid: string };

/** A row of the page, as row_to_json spells it. */
type PageJson = { id: string; data: unknown; spam: boolean; duration: number | null; created_at: string; updated_at: string };

/** Page 1 with what the statement read of its form. */
type FirstPage<F> = { form: F; submissions: ListedSubmission[]; totalCount: number };

/**
 * Page 1 sorted by a column, with its form, in one statement: the form as findAccessibleForm
 * finds it within `access` (what a listing says of it, ListedForm: not its draft), the page
 * as readPage reads it (the same tenant filter, order and index), totalCount the form's exact
 * counter. Null when no form matches: a 404.
 */
export function firstPage(db: DbOrTx, access: FormAccess, ref: FormRef, sort: ColumnSort): Promise<SubmissionListing | null> {
  const listed = sql`${forms.id} as id, ${forms.uuid} as uuid, ${forms.name} as name, ${forms.elements} as elements`;
  return firstPageStatement<SubmissionListing["form"]>(db, formAccessFilter(access), listed, ref, sort, null);
}

/**
 * firstPage within the access of a token whose check rides in the same statement (`riding`,
 * settled by it): one round trip for the check, the form and the page. Of the form only its
 * id and uuid, all that `GET /api/v2/submissions` shows of it: its elements can be tens of kB,
 * which the API's hottest statement would read and parse for nothing. Null when no form
 * matches the checked access — a 404, or a refused token, which the check answers.
 */
export function firstPageCheckingToken(
  db: DbOrTx,
  riding: RidingCheck,
  ref: FormRef,
  sort: ColumnSort,
): Promise<FirstPage<Pick<Form, "id" | "uuid">> | null> {
  const identity = sql`${forms.id} as id, ${forms.uuid} as uuid`;
  return firstPageStatement(db, checkedFormAccessFilter(riding.tenantSql), identity, ref, sort, riding);
}

/** The statement: `formColumns` of the form, its exact count and page 1 as JSON, led by a riding check's CTEs. */
async function firstPageStatement<F>(
  db: DbOrTx,
  visible: SQL,
  formColumns: SQL,
  ref: FormRef,
  sort: ColumnSort,
  riding: RidingCheck | null,
): Promise<FirstPage<F> | null> {
  const page = db
    .select(LISTED_COLUMNS)
    .from(submissions)
    // The form row below passed the access filter: its organization is the tenant.
    .where(and(eq(submissions.organizationId, forms.organizationId), eq(submissions.formId, forms.id)))
    .orderBy(...orderBy(sort));
  // The page size is written into the text, not passed as a value: with `limit $n` the
  // planner prices a generic plan for an unknown row count, finds it dearer than a plan for
  // 20, and plans the prepared statement afresh on every call (~0.4 ms).
  const pageSize = sql.raw(String(PAGE_SIZE));
  const p = (column: string) => sql.raw(`fh_page.${column}`);
  const pageOrder = orderBy(sort, { id: p("id"), createdAt: p("created_at"), updatedAt: p("updated_at"), duration: p("duration") });
  const pageJson = sql`coalesce(json_agg(fh_page order by ${sql.join(pageOrder, sql`, `)}), '[]')`;
  const formRow = sql`select ${formColumns}, ${submissionsCountSql} as submissions_count,
      (select ${pageJson} from (${page} limit ${pageSize}) as fh_page) as page
    from ${forms} where ${and(visible, formRefFilter(ref))} limit 1`;
  const formColumn = sql`(select to_json(fh_form) from (${formRow}) as fh_form) as fh_form`;
  // Prepared (db/prepared.ts): the text varies only with the sort, the reference's kind and the access's.
  let row: { fh_form: (F & { submissions_count: number; page: PageJson[] }) | null; fh_check?: unknown } | undefined;
  if (riding) {
    try {
      [row] = await executePrepared<typeof row>(db, sql`with ${riding.ctes} select ${riding.column}, ${formColumn}`);
    } catch (e) {
      riding.fail(e);
      throw e;
    }
    riding.settle(row?.fh_check);
  } else {
    [row] = await executePrepared<typeof row>(db, sql`select ${formColumn}`);
  }
  if (!row?.fh_form) return null;
  const { page: rows, submissions_count: totalCount, ...form } = row.fh_form;
  return {
    form: form as F,
    submissions: rows.map(
      (r): ListedSubmission => ({
        id: r.id,
        data: r.data as ListedSubmission["data"],
        spam: r.spam,
        duration: r.duration,
        createdAt: new Date(r.created_at),
        updatedAt: new Date(r.updated_at),
      }),
    ),
    totalCount,
  };
}
