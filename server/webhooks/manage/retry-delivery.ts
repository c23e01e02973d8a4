import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { webhookDeliveries, type WebhookDelivery } from "@/db/schema";
import { AppError, MESSAGES } from "@/lib/errors";
import type { FormAccess } from "@/server/services/forms/access";
import { UUID_RE } from "@/lib/values/ids";
import { requeueDelivery } from "@/server/webhooks/delivery/outbox";
import { getFormWebhookOrThrow } from "./get-webhook";

/**
 * Sends a delivery again now (a worker picks it up at once). A succeeded or failed delivery
 * gets one more attempt; a pending one is moved to now and keeps its retries. 404 `Delivery
 * not found`; 422 when the webhook is disabled.
 */
export async function retryDelivery(
  db: DbOrTx,
  access: FormAccess,
  formRef: string,
  id: string | number,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const { webhook } = await getFormWebhookOrThrow(db, access, formRef, id);
  const notFound = () => new AppError("NOT_FOUND", MESSAGES.deliveryNotFound);
  if (!UUID_RE.test(deliveryId.trim())) throw notFound();
  if (!webhook.enabled) throw new AppError("UNPROCESSABLE", MESSAGES.webhookDisabled);
  const deliveryUuid = deliveryId.trim().toLowerCase();
  if (!(await requeueDelivery(db, webhook.id, deliveryUuid))) throw notFound();
  const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryUuid));
  return delivery!;
}
