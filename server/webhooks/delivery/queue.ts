import "server-only";
import type { OutboxQueue } from "@/server/outbox/worker";
import { DELIVERIES_CHANNEL } from "@/lib/webhook-events";
import { attemptDelivery, type DeliveryEngine } from "./deliver";
import { claimDue, pruneFinished, rescueOrphans, secondsUntilNextDue, type ClaimedDelivery } from "./outbox";

/** Webhook deliveries as an outbox queue: grouped by webhook, at most `perEndpoint` attempts to one at once. */
export function webhookQueue(engine: DeliveryEngine, opts: { perEndpoint: number; retentionDays: number }): OutboxQueue<ClaimedDelivery> {
  return {
    name: "webhook",
    channel: DELIVERIES_CHANNEL,
    perGroup: opts.perEndpoint,
    groupOf: (d) => d.webhookId,
    claim: (leaseKey, { max, busy }) =>
      claimDue(engine.db, leaseKey, { max, perEndpoint: opts.perEndpoint, busy: busy as ReadonlyMap<number, number> }),
    attempt: async (leaseKey, d) => ({ ok: (await attemptDelivery(engine, leaseKey, d)).ok }),
    secondsUntilNextDue: () => secondsUntilNextDue(engine.db),
    rescue: () => rescueOrphans(engine.db),
    prune: () => pruneFinished(engine.db, opts.retentionDays),
  };
}
