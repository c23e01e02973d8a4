import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { webhooks, type Webhook } from "@/db/schema";
import type { FormAccess } from "@/server/services/forms/access";
import type { SubmissionEvent } from "@/lib/webhook-events";
import { disableWebhook } from "@/server/webhooks/delivery/outbox";
import { assertAllowedTarget } from "./check-target";
import { getFormWebhookOrThrow } from "./get-webhook";
import { DISABLED_BY_OWNER } from "./rules";

export type WebhookChanges = { url?: string; events?: SubmissionEvent[]; enabled?: boolean };

/**
 * Changes a webhook; absent fields keep their value. A new URL passes the address check
 * (422). Disabling marks its waiting deliveries failed (they can be retried later); enabling
 * clears the reason and the failure streak. Pending deliveries go to the new URL.
 */
export async function updateWebhook(
  db: DbOrTx,
  access: FormAccess,
  formRef: string,
  id: string | number,
  changes: WebhookChanges,
): Promise<Webhook> {
  const { webhook: current } = await getFormWebhookOrThrow(db, access, formRef, id);
  if (changes.url !== undefined && changes.url !== current.url) await assertAllowedTarget(changes.url);
  return db.transaction(async (tx) => {
    const { webhook } = await getFormWebhookOrThrow(tx, access, formRef, id, { lock: true });
    const set: Partial<Webhook> = { updatedAt: new Date() };
    if (changes.url !== undefined) set.url = changes.url;
    if (changes.events !== undefined) set.events = changes.events;
    if (changes.enabled === true && !webhook.enabled) Object.assign(set, { enabled: true, disabledReason: null, failingSince: null });
    await tx.update(webhooks).set(set).where(eq(webhooks.id, webhook.id));
    if (changes.enabled === false) await disableWebhook(tx, webhook.id, DISABLED_BY_OWNER);
    const [updated] = await tx.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    return updated!;
  });
}
