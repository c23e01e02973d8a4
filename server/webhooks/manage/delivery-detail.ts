import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { webhookDeliveries, webhookDeliveryAttempts, type WebhookDelivery, type WebhookDeliveryAttempt } from "@/db/schema";
import { AppError, MESSAGES } from "@/lib/errors";
import { UUID_RE } from "@/lib/values/ids";
import type { FormAccess } from "@/server/services/forms/access";
import { deliveryBody } from "@/server/webhooks/delivery/sources";
import { getFormWebhookOrThrow } from "./get-webhook";

export type DeliveryDetail = { delivery: WebhookDelivery; requestBody: string; attempts: WebhookDeliveryAttempt[] };

/**
 * One delivery of a form's webhook as its log shows it: the body sent (as the last attempt sent
 * it, or the first will), and each attempt with its status or error, time taken and the start
 * of the answer. 404 for another webhook's delivery or a malformed id.
 */
export async function getDeliveryDetail(
  db: DbOrTx,
  access: FormAccess,
  formRef: string,
  webhookId: string | number,
  deliveryId: string,
): Promise<DeliveryDetail> {
  const { webhook } = await getFormWebhookOrThrow(db, access, formRef, webhookId);
  const id = deliveryId.trim().toLowerCase();
  if (!UUID_RE.test(id)) throw new AppError("NOT_FOUND", MESSAGES.deliveryNotFound);
  const [delivery] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.webhookId, webhook.id)));
  if (!delivery) throw new AppError("NOT_FOUND", MESSAGES.deliveryNotFound);
  const attempts = await db
    .select()
    .from(webhookDeliveryAttempts)
    .where(eq(webhookDeliveryAttempts.deliveryId, delivery.id))
    .orderBy(asc(webhookDeliveryAttempts.attempt));
  return { delivery, requestBody: deliveryBody(webhook.source, delivery.payload, Math.max(delivery.attempts, 1)), attempts };
}
