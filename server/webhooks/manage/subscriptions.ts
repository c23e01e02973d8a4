import "server-only";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { webhooks, type Webhook } from "@/db/schema";
import { AppError, MESSAGES } from "@/lib/errors";
import { findAccessibleForm, type FormAccess } from "@/server/services/forms/access";
import { parseIntId } from "@/lib/values/ids";
import { assertAllowedTarget } from "./check-target";
import { insertWebhookWithinLimit } from "./insert-webhook";
import type { NewSubscription } from "./rules";

/** Who subscribes: the OAuth connection and its user (only they may unsubscribe). */
export type Subscriber = { grantId: number; userId: number };

/**
 * A connector subscription (`POST /connector/webhooks`): a webhook of source `connector` on the
 * form, fed by the webhook pipeline with the connector payload (delivery/connector-payload.ts).
 * 404 for a form the organization does not have; 422 when the target's address is refused (the
 * same guard as form webhooks, again at every connection). The form need not be published: a
 * platform may subscribe before it goes live.
 */
export async function createSubscription(db: DbOrTx, access: FormAccess, subscriber: Subscriber, input: NewSubscription): Promise<Webhook> {
  const form = await findAccessibleForm(db, access, input.form_id);
  if (!form) throw new AppError("NOT_FOUND", MESSAGES.connectorFormNotFound);
  try {
    await assertAllowedTarget(input.target_url, ["webhook", "target_url"]);
  } catch (e) {
    if (!(e instanceof AppError && e.reason)) throw e;
    throw new AppError("UNPROCESSABLE", `webhook.target_url ${e.reason}`, { path: e.path, reason: e.reason });
  }
  return insertWebhookWithinLimit(db, form, "connector", {
    userId: subscriber.userId,
    grantId: subscriber.grantId,
    url: input.target_url,
    events: input.events,
  });
}

/** Removes a subscription the user made through the connector; anything else is 404. */
export async function deleteSubscription(
  db: DbOrTx,
  access: FormAccess,
  subscriber: Subscriber,
  id: string,
): Promise<{ id: number; url: string; formId: number }> {
  const n = parseIntId(id);
  const deleted =
    n === null
      ? []
      : await db
          .delete(webhooks)
          .where(
            and(
              eq(webhooks.id, n),
              eq(webhooks.source, "connector"),
              eq(webhooks.organizationId, access.organizationId),
              eq(webhooks.userId, subscriber.userId),
            ),
          )
          .returning({ id: webhooks.id, url: webhooks.url, formId: webhooks.formId });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", MESSAGES.subscriptionNotFound);
  return deleted[0]!;
}

/**
 * Ends the subscriptions a connection made, when the connection ends (revokeGrant,
 * server/oauth/grants.ts): no more deliveries to its platform. Inside the caller's transaction.
 */
export async function deleteGrantSubscriptions(tx: DbOrTx, grantId: number): Promise<void> {
  await tx.delete(webhooks).where(and(eq(webhooks.grantId, grantId), eq(webhooks.source, "connector")));
}
