import "server-only";
import type { Agent } from "undici";
import { createDb, type Db } from "@/db";
import { env } from "@/server/env";
import { log, logError } from "@/server/log";
import type { DeliveryEngine } from "./deliver";
import { LeaseHolder } from "./lease";
import { createWebhookAgent } from "./post";
import type { TargetPolicy } from "./target-guard";
import { WebhookWorker } from "./worker";

/**
 * The webhook machinery of this process, made once (cached on globalThis: Next.js may load
 * this module in more than one bundle): its own database pool, the lease, the guarded HTTP
 * agent, and the worker when this process runs one.
 */
type Runtime = { db: Db; leases: LeaseHolder; agent: Agent; worker?: WebhookWorker; starting?: Promise<void> };
const globalForWebhooks = globalThis as unknown as { formhouseWebhooks?: Runtime };

/** WEBHOOK_ALLOW_PRIVATE_TARGETS as the guard's policy. */
export const targetPolicy = (): TargetPolicy => ({ allowPrivate: env().WEBHOOK_ALLOW_PRIVATE_TARGETS });

/**
 * The pool of claims and outcomes, apart from the requests' pool, with asynchronous commit:
 * a claim or an outcome lost to a database crash only means the delivery is sent again
 * (receivers deduplicate on `webhook-id`), and not waiting for each WAL flush more than
 * doubles the deliveries per second. Events themselves are written by the caller's
 * transaction, durably.
 */
function runtime(): Runtime {
  if (!globalForWebhooks.formhouseWebhooks) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set");
    const db = createDb(url, Math.min(10, env().WEBHOOK_CONCURRENCY + 2), {
      synchronous_commit: "off",
      application_name: "formhouse-webhooks",
    });
    globalForWebhooks.formhouseWebhooks = { db, leases: new LeaseHolder(db.$client), agent: createWebhookAgent(targetPolicy()) };
  }
  return globalForWebhooks.formhouseWebhooks;
}

/** What an attempt needs, from the configuration. */
export function deliveryEngine(): DeliveryEngine {
  const rt = runtime();
  return { db: rt.db, dispatcher: rt.agent, schedule: env().WEBHOOK_RETRY_SCHEDULE };
}

/** This process's lease, checked to be still held (for sends outside the worker). */
export const currentLease = () => runtime().leases.check();

/** Starts this process's worker (once). */
export async function startWebhookWorker(): Promise<WebhookWorker> {
  const rt = runtime();
  if (!rt.worker) {
    const e = env();
    const worker = new WebhookWorker(rt.db, rt.leases, deliveryEngine(), {
      concurrency: e.WEBHOOK_CONCURRENCY,
      perEndpoint: e.WEBHOOK_ENDPOINT_CONCURRENCY,
      retentionDays: e.WEBHOOK_DELIVERY_RETENTION_DAYS,
    });
    await worker.start();
    rt.worker = worker;
  }
  return rt.worker;
}

/**
 * The worker inside a web instance (`npm start`, `next start`) unless WEBHOOK_WORKER=off.
 * Never blocks or fails the server's start: a database that is not there yet is retried.
 */
export function startWorkerInWebProcess(): void {
  if (env().WEBHOOK_WORKER === "off") return;
  const rt = runtime();
  rt.starting ??= (async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        await startWebhookWorker();
        log.info("webhook worker started", { concurrency: env().WEBHOOK_CONCURRENCY });
        return;
      } catch (err) {
        if (attempt === 0) logError("webhook worker could not start; retrying every 5 s", err);
        await new Promise((r) => setTimeout(r, 5000));
      }
    }
  })();
}

/** Stops the worker and gives up the lease (`npm run worker` on SIGTERM). */
export async function stopWebhookRuntime(): Promise<void> {
  const rt = globalForWebhooks.formhouseWebhooks;
  if (!rt) return;
  await rt.worker?.stop();
  await rt.leases.release();
  await rt.agent.close().catch(() => {});
  await rt.db.$client.end({ timeout: 5 }).catch(() => {});
  globalForWebhooks.formhouseWebhooks = undefined;
}
