import "server-only";
import { and, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms } from "@/db/schema";
import { AppError, MESSAGES } from "@/lib/errors";
import { formAccessFilter, formRefFilter, parseFormRef, trashedFormsFilter, type FormAccess } from "./access";

/**
 * Moves a live form to the trash. From then on formAccessFilter hides it from every API and
 * the survey page refuses it; its submissions and everything else stay, for Restore.
 */
export async function trashForm(db: DbOrTx, access: FormAccess, ref: string): Promise<{ uuid: string; name: string }> {
  return setTrashed(db, ref, formAccessFilter(access), sql`now()`);
}

/** Takes a form out of the trash, as it was (published or not). 404 unless it is in the trash. */
export async function restoreForm(db: DbOrTx, access: FormAccess, ref: string): Promise<{ uuid: string; name: string }> {
  return setTrashed(db, ref, trashedFormsFilter(access), null);
}

async function setTrashed(db: DbOrTx, ref: string, scope: ReturnType<typeof formAccessFilter>, trashedAt: ReturnType<typeof sql> | null) {
  const parsed = parseFormRef(ref);
  const [form] = parsed
    ? await db
        .update(forms)
        .set({ trashedAt })
        .where(and(scope, formRefFilter(parsed)))
        .returning({ uuid: forms.uuid, name: forms.name })
    : [];
  if (!form) throw new AppError("NOT_FOUND", MESSAGES.formNotFound);
  return form;
}
