import "server-only";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { formReceipts } from "@/db/schema";
import { getAccessibleFormOrThrow, type FormAccess } from "@/server/services/forms/access";
import { checkReceipt, type ReceiptText } from "./receipt-rules";

/** A receipt as the dashboard saves it: switched off (its text kept), or on with its text and options. */
export type ReceiptChange = { enabled: false } | ({ enabled: true; includeAnswers: boolean } & ReceiptText);

/**
 * Saves a live form's receipt to respondents (form_receipts). Switched on, it is checked
 * against the form (receipt-rules.ts) and replies go to `userId`, the member who saves it.
 * Switched off, only the switch changes.
 */
export async function saveFormReceipt(db: DbOrTx, access: FormAccess, userId: number, ref: string, change: ReceiptChange): Promise<void> {
  const form = await getAccessibleFormOrThrow(db, access, ref);
  if (!change.enabled) {
    await db
      .update(formReceipts)
      .set({ enabled: false, updatedAt: sql`now()` })
      .where(eq(formReceipts.formId, form.id));
    return;
  }
  checkReceipt(form.elements, change);
  const values = {
    enabled: true,
    emailField: change.emailField,
    subject: change.subject,
    message: change.message,
    includeAnswers: change.includeAnswers,
    replyToUserId: userId,
  };
  await db
    .insert(formReceipts)
    .values({ formId: form.id, ...values })
    .onConflictDoUpdate({ target: formReceipts.formId, set: { ...values, updatedAt: sql`now()` } });
}
