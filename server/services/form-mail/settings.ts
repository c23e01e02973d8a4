import "server-only";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { formNotifications, formReceipts, forms, users, type NotificationMode } from "@/db/schema";
import { AppError, MESSAGES } from "@/lib/errors";
import { placeholderLabels } from "@/server/mail/answers-text";
import { formAccessFilter, formRefFilter, parseFormRef, type FormAccess } from "@/server/services/forms/access";
import { emailQuestions } from "./receipt-rules";

export type FormMailSettings = {
  /** The signed-in member's own mail about the form's new responses. */
  notifications: NotificationMode | "none";
  receipt: {
    enabled: boolean;
    emailField: string;
    subject: string;
    message: string;
    includeAnswers: boolean;
    /** Where respondents' replies go: the member who saved the receipt last. */
    replyTo: string | null;
  } | null;
  /** The published form's email questions, which a receipt can be sent to. */
  emailQuestions: { id: string; label: string }[];
  /** The labels a receipt's {{…}} may name. */
  placeholderLabels: string[];
};

/** A live form's mail settings as `userId` sees them, in one statement; 404 for a form outside `access`. */
export async function getFormMailSettings(db: DbOrTx, access: FormAccess, userId: number, ref: string): Promise<FormMailSettings> {
  const parsed = parseFormRef(ref);
  const [row] = parsed
    ? await db
        .select({
          elements: forms.elements,
          mode: formNotifications.mode,
          receipt: formReceipts,
          replyTo: users.email,
        })
        .from(forms)
        .leftJoin(formNotifications, and(eq(formNotifications.formId, forms.id), eq(formNotifications.userId, userId)))
        .leftJoin(formReceipts, eq(formReceipts.formId, forms.id))
        .leftJoin(users, eq(users.id, formReceipts.replyToUserId))
        .where(and(formAccessFilter(access), formRefFilter(parsed)))
        .limit(1)
    : [];
  if (!row) throw new AppError("NOT_FOUND", MESSAGES.formNotFound);
  const r = row.receipt;
  return {
    notifications: row.mode ?? "none",
    receipt: r && {
      enabled: r.enabled,
      emailField: r.emailField,
      subject: r.subject,
      message: r.message,
      includeAnswers: r.includeAnswers,
      replyTo: row.replyTo,
    },
    emailQuestions: emailQuestions(row.elements),
    placeholderLabels: placeholderLabels(row.elements),
  };
}
