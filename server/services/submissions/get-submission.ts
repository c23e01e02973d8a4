import "server-only";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms, submissions, type Submission } from "@/db/schema";
import { AppError, MESSAGES } from "@/lib/errors";
import { formAccessFilter, type FormAccess } from "@/server/services/forms/access";
import { UUID_RE } from "@/lib/values/ids";

/** A submission by UUID, only when its form is visible to `access` (tenant, restriction, not trashed). */
export async function findSubmission(
  db: DbOrTx,
  access: FormAccess,
  id: string,
): Promise<{ submission: Submission; formUuid: string } | null> {
  // Anything but a UUID matches nothing (and never reaches Postgres's uuid parser).
  if (!UUID_RE.test(id.trim())) return null;
  const [row] = await db
    .select({ submission: submissions, formUuid: forms.uuid })
    .from(submissions)
    .innerJoin(forms, eq(forms.id, submissions.formId))
    .where(
      and(eq(submissions.id, id.trim().toLowerCase()), eq(submissions.organizationId, access.organizationId), formAccessFilter(access)),
    )
    .limit(1);
  return row ?? null;
}

/** 404 `Submission not found` when missing or not visible. */
export async function getSubmissionOrThrow(db: DbOrTx, access: FormAccess, id: string) {
  const found = await findSubmission(db, access, id);
  if (!found) throw new AppError("NOT_FOUND", MESSAGES.submissionNotFound);
  return found;
}
