import "server-only";
import { createDb, type Db } from "@/db";
import { env } from "@/server/env";
import { isStopping } from "@/server/lifecycle";
import { log, logError } from "@/server/log";
import { LeaseHolder } from "./lease";
import type { OutboxWorker } from "./worker";

/**
 * The outbox machinery of this process, made once (cached on globalThis: Next.js may load this
 * module in more than one bundle): its own database pool, the lease, and the workers — webhook
 * deliveries and mail — when this process runs them.
 *
 * The pool of claims and outcomes is apart from the requests' pool, with asynchronous commit:
 * a claim or an outcome lost to a database crash only means a row is sent again (receivers
 * deduplicate on `webhook-id`, mail clients on Message-ID), and not waiting for each WAL flush
 * more than doubles the rows per second. The rows themselves are written by their cause's
 * transaction, durably.
 */
type Runtime = { db: Db; leases: LeaseHolder; workers?: OutboxWorker<unknown>[]; starting?: Promise<void> };
const globalForOutbox = globalThis as unknown as { formhouseOutbox?: Runtime };

export function outboxRuntime(): { db: Db; leases: LeaseHolder } {
  if (!globalForOutbox.formhouseOutbox) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set");
    const e = env();
    const db = createDb(url, Math.min(12, e.WEBHOOK_CONCURRENCY + e.MAIL_CONCURRENCY + 2), {
      synchronous_commit: "off",
      application_name: "formhouse-outbox",
    });
    globalForOutbox.formhouseOutbox = { db, leases: new LeaseHolder(db.$client) };
  }
  return globalForOutbox.formhouseOutbox;
}

/** This process's lease, checked to be still held (for sends outside the workers: tests of a webhook or of mail). */
export const currentLease = () => outboxRuntime().leases.check();

/** Whether this process's workers run (readiness: app/api/ready). */
export const outboxWorkersRunning = (): boolean => Boolean((globalForOutbox.formhouseOutbox as Runtime | undefined)?.workers);

/** Starts this process's workers (once); `make` builds them on the runtime's pool and lease. */
export async function startOutboxWorkers(make: (db: Db, leases: LeaseHolder) => OutboxWorker<unknown>[]): Promise<void> {
  const rt = outboxRuntime() as Runtime;
  if (rt.workers) return;
  const workers = make(rt.db, rt.leases);
  for (const w of workers) await w.start();
  rt.workers = workers;
}

/**
 * The workers inside a web instance (`npm start`, `next start`) unless WEBHOOK_WORKER=off.
 * Never blocks or fails the server's start: a database that is not there yet is retried.
 */
export function startWorkersInBackground(start: () => Promise<void>): void {
  if (env().WEBHOOK_WORKER === "off") return;
  const rt = outboxRuntime() as Runtime;
  rt.starting ??= (async () => {
    for (let attempt = 0; !isStopping(); attempt++) {
      try {
        await start();
        log.info("outbox workers started", { webhookConcurrency: env().WEBHOOK_CONCURRENCY, mailConcurrency: env().MAIL_CONCURRENCY });
        return;
      } catch (err) {
        if (attempt === 0) logError("outbox workers could not start; retrying every 5 s", err);
        await new Promise((r) => setTimeout(r, 5000));
      }
    }
  })();
}

/** Stops the workers and gives up the lease; `closeMore` closes what the queues opened (an HTTP agent, SMTP connections). */
export async function stopOutboxRuntime(closeMore: () => Promise<void> = async () => {}, graceMs?: number): Promise<void> {
  const rt = globalForOutbox.formhouseOutbox as Runtime | undefined;
  if (!rt) return;
  await Promise.all((rt.workers ?? []).map((w) => w.stop(graceMs)));
  await rt.leases.release();
  await closeMore().catch(() => {});
  await rt.db.$client.end({ timeout: 5 }).catch(() => {});
  globalForOutbox.formhouseOutbox = undefined;
}
