import "server-only";
import { currentRequestId } from "@/server/http/request-id";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { webhookDeliveries, type WebhookDelivery } from "@/db/schema";
import type { FormAccess } from "@/server/services/forms/access";
import { attemptDelivery } from "@/server/webhooks/delivery/deliver";
import { formEventPayload, sampleSubmission } from "@/server/webhooks/delivery/form-payload";
import { loadClaimed } from "@/server/webhooks/delivery/outbox";
import { currentLease } from "@/server/outbox/runtime";
import { deliveryEngine } from "@/server/webhooks/delivery/runtime";
import { getFormWebhookOrThrow } from "./get-webhook";

/**
 * Sends a `Submission.Created` event with `test: true` and sample data for the form's
 * elements to the webhook now, in this request (enabled or not), and answers the delivery
 * with its outcome. One attempt, no automatic retries; it is listed with the others and can
 * be retried by hand.
 */
export async function sendTestDelivery(db: Db, access: FormAccess, formRef: string, id: string | number): Promise<WebhookDelivery> {
  const { form, webhook } = await getFormWebhookOrThrow(db, access, formRef, id);
  const lease = await currentLease();
  const occurredAt = new Date();
  const eventId = randomUUID();
  const payload = formEventPayload({
    event: "Submission.Created",
    eventId,
    occurredAt,
    test: true,
    form,
    submission: sampleSubmission(form, occurredAt),
  });
  // Written already claimed by this process, so no worker takes it meanwhile.
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      webhookId: webhook.id,
      eventId,
      eventType: "Submission.Created",
      payload,
      autoRetry: false,
      requestId: currentRequestId() ?? null,
      lockedBy: lease.key,
      lockedAt: occurredAt,
      createdAt: occurredAt,
    })
    .returning({ id: webhookDeliveries.id });
  const engine = deliveryEngine();
  const claimed = await loadClaimed(engine.db, lease.key, row!.id);
  if (claimed) await attemptDelivery(engine, lease.key, claimed);
  const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row!.id));
  return delivery!;
}
