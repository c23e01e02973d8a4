import type { Agent } from "undici";
import { db as getDb, type Db } from "@/db";
import { env } from "@/server/env";
import { log, logError } from "@/server/log";
import type { DeliveryEngine } from "./deliver";
import { LeaseHolder } from "./lease";
import { createWebhookAgent } from "./post";
import type { TargetPolicy } from "./target-guard";
import { WebhookWorker } from "./worker";

/**
 * The webhook machinery of this process, made once (cached on globalThis: Next.js may load
 * this module in more than one bundle): the lease, the guarded HTTP agent, and the worker
 * when this process runs one.
 */
type Runtime = { db: Db; leases: LeaseHolder; agent: Agent; worker?: WebhookWorker; starting?: Promise<void> };
const globalForWebhooks = globalThis as unknown as { formhouseWebhooks?: Runtime };

/** WEBHOOK_ALLOW_PRIVATE_TARGETS as the guard's policy. */
export const targetPolicy = (): TargetPolicy => ({ allowPrivate: env().WEBHOOK_ALLOW_PRIVATE_TARGETS });

function runtime(db: Db = getDb()): Runtime {
  return (globalForWebhooks.formhouseWebhooks ??= { db, leases: new LeaseHolder(db.$client), agent: createWebhookAgent(targetPolicy()) });
}

/** What an attempt needs, from the configuration. */
export function deliveryEngine(db?: Db): DeliveryEngine {
  const rt = runtime(db);
  return { db: rt.db, dispatcher: rt.agent, schedule: env().WEBHOOK_RETRY_SCHEDULE };
}

/** This process's lease, checked to be still held (for sends outside the worker). */
export const currentLease = (db?: Db) => runtime(db).leases.check();

/** Starts this process's worker (once). */
export async function startWebhookWorker(db?: Db): Promise<WebhookWorker> {
  const rt = runtime(db);
  if (!rt.worker) {
    const e = env();
    const worker = new WebhookWorker(rt.db, rt.leases, deliveryEngine(db), {
      concurrency: e.WEBHOOK_CONCURRENCY,
      perEndpoint: e.WEBHOOK_ENDPOINT_CONCURRENCY,
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
  globalForWebhooks.formhouseWebhooks = undefined;
}
