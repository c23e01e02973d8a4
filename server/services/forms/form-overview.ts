import "server-only";
import { and, desc, eq, getTableColumns } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms, submissions, type Form } from "@/db/schema";
import { AppError, MESSAGES } from "@/lib/errors";
import { submissionsCountSql } from "@/server/services/submissions/submission-count";
import { responseCapOf } from "@/server/services/publishing/form-gates";
import { formRefFilter, parseFormRef, tenantFormsFilter, type FormAccess } from "./access";

export type FormOverview = Form & { lastSubmissionAt: Date | null; responseCap: { taken: number; max: number } | null };

/**
 * A form as its dashboard page shows it, live or in the trash (`trashedAt` set), with the
 * time of its last non-spam submission (one step backwards on the (form_id, created_at)
 * index) and, for a capped form, its places taken. 404 for an unknown or foreign form.
 */
export async function getFormOverview(db: DbOrTx, access: FormAccess, ref: string): Promise<FormOverview> {
  const parsed = parseFormRef(ref);
  const [form] = parsed
    ? await db
        .select({ ...getTableColumns(forms), submissionsCount: submissionsCountSql })
        .from(forms)
        .where(and(tenantFormsFilter(access), formRefFilter(parsed)))
        .limit(1)
    : [];
  if (!form) throw new AppError("NOT_FOUND", MESSAGES.formNotFound);
  const [last] = await db
    .select({ at: submissions.createdAt })
    .from(submissions)
    .where(and(eq(submissions.formId, form.id), eq(submissions.organizationId, access.organizationId), eq(submissions.spam, false)))
    .orderBy(desc(submissions.createdAt))
    .limit(1);
  return { ...form, lastSubmissionAt: last?.at ?? null, responseCap: await responseCapOf(db, form) };
}
