import "server-only";
import { and, eq, getTableColumns, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms, type Form } from "@/db/schema";
import { AppError, MESSAGES } from "@/lib/errors";
import { parseIntId, UUID_RE } from "@/lib/values/ids";
import { submissionsCountSql } from "@/server/services/submissions/submission-count";

/**
 * What a caller may see: one organization, optionally narrowed to some forms. Every
 * service takes one of these; nothing reads a form without it.
 */
export type FormAccess = { organizationId: number; formIds: number[] | null };

/** Every form of one organization (an owner's or admin's reach, a member not limited to chosen forms). */
export function accessForOrganization(organizationId: number): FormAccess {
  return { organizationId, formIds: null };
}

/** The tenant + restriction filter on `forms`; trashed forms are never visible. */
export function formAccessFilter(access: FormAccess): SQL {
  return and(tenantFormsFilter(access), isNull(forms.trashedAt))!;
}

/**
 * formAccessFilter for an access the statement reads itself: `tenant` yields the
 * `(organization_id, form_ids)` of a credential checked within the same statement (no row
 * when it is refused), so the read needs no round trip of the check's before it.
 */
export function checkedFormAccessFilter(tenant: SQL): SQL {
  const visible = sql`exists (select 1 from (${tenant}) as fh_tenant
      where fh_tenant.organization_id = ${forms.organizationId}
        and (fh_tenant.form_ids is null or ${forms.id} = any(fh_tenant.form_ids)))`;
  return and(visible, isNull(forms.trashedAt))!;
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
export function tenantFormsFilter(access: FormAccess): SQL {
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
