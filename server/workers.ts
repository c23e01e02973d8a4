import "server-only";
import { pruneAuditEvents } from "@/server/audit/prune";
import { pruneUnlinkedFiles } from "@/server/uploads/cleanup";
import { env } from "@/server/env";
import { MAIL_POLL_MS } from "@/server/mail/outbox";
import { mailQueue } from "@/server/mail/queue";
import { closeMailTransport, mailEngine } from "@/server/mail/runtime";
import { startOutboxWorkers, startWorkersInBackground, stopOutboxRuntime } from "@/server/outbox/runtime";
import { OutboxWorker, type OutboxQueue } from "@/server/outbox/worker";
import { webhookQueue } from "@/server/webhooks/delivery/queue";
import { closeWebhookAgent, deliveryEngine } from "@/server/webhooks/delivery/runtime";

/**
 * The outbox workers of this process: webhook deliveries and mail, on one pool and one lease
 * (server/outbox/). Every web instance runs them unless WEBHOOK_WORKER=off; `npm run worker`
 * runs them alone.
 */
export async function startWorkers(): Promise<void> {
  const e = env();
  await startOutboxWorkers((db, leases) => [
    new OutboxWorker(
      db,
      leases,
      webhookQueue(deliveryEngine(), { perEndpoint: e.WEBHOOK_ENDPOINT_CONCURRENCY, retentionDays: e.WEBHOOK_DELIVERY_RETENTION_DAYS }),
      { concurrency: e.WEBHOOK_CONCURRENCY },
    ) as OutboxWorker<unknown>,
    new OutboxWorker(
      db,
      leases,
      alsoPruning(mailQueue(mailEngine(), { concurrency: e.MAIL_CONCURRENCY, retentionDays: e.MAIL_LOG_RETENTION_DAYS }), () =>
        // The audit log and unlinked uploads (server/uploads/cleanup.ts) ride with the mail log's pruning.
        Promise.all([pruneAuditEvents(db, e.AUDIT_RETENTION_DAYS), pruneUnlinkedFiles(db)]).then(([a, f]) => a + f),
      ),
      { concurrency: e.MAIL_CONCURRENCY, pollMs: MAIL_POLL_MS },
    ) as OutboxWorker<unknown>,
  ]);
}

/** `queue` whose hourly pruning also removes another table's old rows (the audit log rides with the mail log's). */
function alsoPruning<T>(queue: OutboxQueue<T>, prune: () => Promise<number>): OutboxQueue<T> {
  return { ...queue, prune: async () => (await queue.prune()) + (await prune()) };
}

/** The workers inside a web instance, started in the background (instrumentation.ts). */
export const startWorkersInWebProcess = () => startWorkersInBackground(startWorkers);

/**
 * Stops the workers (their attempts under way get `graceMs` to be recorded), closes their
 * connections and gives up the lease: `npm run worker` on SIGTERM, and a stopping web instance
 * (server/lifecycle.ts).
 */
export const stopWorkers = (graceMs?: number) =>
  stopOutboxRuntime(async () => {
    await closeWebhookAgent();
    await closeMailTransport();
  }, graceMs);
