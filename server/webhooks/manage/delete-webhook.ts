import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { webhooks, type Webhook } from "@/db/schema";
import type { FormAccess } from "@/server/services/forms/access";
import { getFormWebhookOrThrow } from "./get-webhook";

/** Deletes a webhook and its delivery history; an attempt in flight finishes unrecorded. Answers the webhook as it was. */
export async function deleteWebhook(db: DbOrTx, access: FormAccess, formRef: string, id: string | number): Promise<Webhook> {
  const { webhook } = await getFormWebhookOrThrow(db, access, formRef, id);
  await db.delete(webhooks).where(eq(webhooks.id, webhook.id));
  return webhook;
}
