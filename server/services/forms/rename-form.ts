import "server-only";
import { and, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms } from "@/db/schema";
import { AppError, MESSAGES } from "@/lib/errors";
import { formAccessFilter, formRefFilter, parseFormRef, type FormAccess } from "./access";

/** Renames a live form of `access` (the name already checked by ZFormName); 404 otherwise. */
export async function renameForm(
  db: DbOrTx,
  access: FormAccess,
  ref: string,
  name: string,
): Promise<{ uuid: string; name: string; updatedAt: Date }> {
  const parsed = parseFormRef(ref);
  const [form] = parsed
    ? await db
        .update(forms)
        .set({ name, updatedAt: sql`now()` })
        .where(and(formAccessFilter(access), formRefFilter(parsed)))
        .returning({ uuid: forms.uuid, name: forms.name, updatedAt: forms.updatedAt })
    : [];
  if (!form) throw new AppError("NOT_FOUND", MESSAGES.formNotFound);
  return form;
}
