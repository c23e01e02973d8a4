import "server-only";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { webhooks, type Form, type Webhook } from "@/db/schema";
import { AppError, MESSAGES } from "@/lib/errors";
import { getAccessibleFormOrThrow, type FormAccess } from "@/server/services/forms/access";
import { parseIntId } from "@/lib/values/ids";

/**
 * The form (visible to `access`) and one of its form-level webhooks. 404 `Form not found or
 * not authorized`, then 404 `Webhook not found` (unknown id, another form's, a connector
 * subscription, not a number). `lock` takes a row lock for an update in a transaction.
 */
export async function getFormWebhookOrThrow(
  db: DbOrTx,
  access: FormAccess,
  formRef: string,
  id: string | number,
  opts: { lock?: boolean } = {},
): Promise<{ form: Form; webhook: Webhook }> {
  const form = await getAccessibleFormOrThrow(db, access, formRef);
  const webhookId = parseIntId(id);
  if (webhookId === null) throw new AppError("NOT_FOUND", MESSAGES.webhookNotFound);
  const query = db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.formId, form.id), eq(webhooks.source, "form")))
    .limit(1);
  const [webhook] = await (opts.lock ? query.for("update") : query);
  if (!webhook) throw new AppError("NOT_FOUND", MESSAGES.webhookNotFound);
  return { form, webhook };
}
