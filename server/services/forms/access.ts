import { and, eq, getTableColumns, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms, type Form } from "@/db/schema";
import { AppError, MESSAGES } from "@/server/errors";
import { parseIntId, UUID_RE } from "@/server/services/lib/ids";
import { submissionsCountSql } from "@/server/services/submissions/submission-count";

/**
 * What a caller may see: one organization, optionally narrowed to some forms. Every
 * service takes one of these; nothing reads a form without it.
 */
export type FormAccess = { organizationId: number; formIds: number[] | null };

/**
 * An access the database knows before the caller does: `tenantSql` yields the
 * `(organization_id, form_ids)` of a credential that is being checked meanwhile, or no row
 * when it is not valid, so a statement filtered by it can run beside the check instead of
 * after it. Its result is the caller's only once the check has passed (server/trpc.ts drops
 * it otherwise); `settled` is the checked access, for what cannot be read that way.
 */
export type DeferredAccess = {
  tenantSql: SQL;
  settled: Promise<FormAccess>;
  /**
   * The check itself, for the first statement that can carry it (RidingCheck): null once the
   * check runs on its own. A statement that takes it must settle it.
   */
  takeCheck?: () => RidingCheck | null;
};

/**
 * A credential check that rides in a statement of the procedure it guards, sparing its own
 * round trip: `ctes` lead the statement (its WITH list), `column` is one of its select list
 * items, and the row's `fh_check` value goes to `settle` (or the statement's error to `fail`).
 * `tenantSql` is the access as the check reads it, in the same statement.
 */
export type RidingCheck = {
  ctes: SQL;
  column: SQL;
  tenantSql: SQL;
  settle: (value: unknown) => void;
  fail: (error: unknown) => void;
};

export const isDeferred = (access: FormAccess | DeferredAccess): access is DeferredAccess => "tenantSql" in access;

/** The checked access: `access` itself, or a deferred access once its check has passed. */
export const settledAccess = async (access: FormAccess | DeferredAccess): Promise<FormAccess> =>
  isDeferred(access) ? access.settled : access;

/** Every form of one organization (the dashboard's and the connector's tenant). */
export function accessForOrganization(organizationId: number): FormAccess {
  return { organizationId, formIds: null };
}

/** The tenant + restriction filter on `forms`; trashed forms are never visible. */
export function formAccessFilter(access: FormAccess | DeferredAccess): SQL {
  return and(tenantFormsFilter(access), isNull(forms.trashedAt))!;
}

/**
 * The forms of `access` in the trash: only the dashboard's trash view and Restore read them.
 * Every other reader uses formAccessFilter, which never shows them.
 */
export function trashedFormsFilter(access: FormAccess): SQL {
  return and(tenantFormsFilter(access), isNotNull(forms.trashedAt))!;
}

/**
 * The forms of `access` whether live or trashed: only a form's own dashboard page reads
 * through it (to say a form is in the trash); nothing that shows or changes a form does.
 */
export function tenantFormsFilter(access: FormAccess | DeferredAccess): SQL {
  if (isDeferred(access)) {
    return sql`exists (select 1 from (${access.tenantSql}) as fh_tenant
      where fh_tenant.organization_id = ${forms.organizationId}
        and (fh_tenant.form_ids is null or ${forms.id} = any(fh_tenant.form_ids)))`;
  }
  const conds = [eq(forms.organizationId, access.organizationId)];
  // `= any(array)` keeps one plan for any list length; an empty list matches nothing.
  if (access.formIds) conds.push(sql`${forms.id} = any(${sql.param(access.formIds)}::int[])`);
  return and(...conds)!;
}

/** `forms.id` or `forms.uuid` = the parsed reference. */
export function formRefFilter(parsed: { id: number } | { uuid: string }): SQL {
  return "id" in parsed ? eq(forms.id, parsed.id) : eq(forms.uuid, parsed.uuid);
}

/** A form reference from a URL or query: UUID or numeric id; anything else matches nothing. */
export function parseFormRef(ref: string | number): { id: number } | { uuid: string } | null {
  const id = parseIntId(ref);
  if (id !== null) return { id };
  const s = String(ref).trim();
  if (UUID_RE.test(s)) return { uuid: s.toLowerCase() };
  return null;
}

export async function findAccessibleForm(db: DbOrTx, access: FormAccess, ref: string | number): Promise<Form | null> {
  const parsed = parseFormRef(ref);
  if (!parsed) return null;
  const [form] = await db
    .select({ ...getTableColumns(forms), submissionsCount: submissionsCountSql })
    .from(forms)
    .where(and(formAccessFilter(access), formRefFilter(parsed)))
    .limit(1);
  return form ?? null;
}

/** 404 `Form not found or not authorized` for a missing, trashed, foreign or restricted form. */
export async function getAccessibleFormOrThrow(db: DbOrTx, access: FormAccess, ref: string | number): Promise<Form> {
  const form = await findAccessibleForm(db, access, ref);
  if (!form) throw new AppError("NOT_FOUND", MESSAGES.formNotFound);
  return form;
}
