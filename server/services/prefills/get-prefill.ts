import "server-only";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { prefills, type Form, type Prefill } from "@/db/schema";
import { AppError, MESSAGES } from "@/lib/errors";
import { getAccessibleFormOrThrow, type FormAccess } from "@/server/services/forms/access";
import { UUID_RE } from "@/lib/values/ids";

/** One prefill of a form visible to `access`; 404 `Prefill not found` otherwise (also for a malformed id). */
export async function getPrefillOrThrow(
  db: DbOrTx,
  access: FormAccess,
  formRef: string,
  id: string,
): Promise<{ form: Form; prefill: Prefill }> {
  const form = await getAccessibleFormOrThrow(db, access, formRef);
  const key = id.trim().toLowerCase();
  const [prefill] = UUID_RE.test(key)
    ? await db
        .select()
        .from(prefills)
        .where(and(eq(prefills.id, key), eq(prefills.organizationId, access.organizationId), eq(prefills.formId, form.id)))
        .limit(1)
    : [];
  if (!prefill) throw new AppError("NOT_FOUND", MESSAGES.prefillNotFound);
  return { form, prefill };
}
