import "server-only";
import type { Db } from "@/db";
import { logError } from "@/server/log";
import { attemptDelivery, type DeliveryEngine } from "./deliver";
import { DELIVERIES_CHANNEL } from "@/lib/webhook-events";
import type { LeaseHolder } from "./lease";
import { claimDue, pruneFinished, rescueOrphans, secondsUntilNextDue, type ClaimedDelivery } from "./outbox";

/** How often old finished deliveries are removed (each worker; deleting twice is harmless). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** While an endpoint has all its slots busy, how often other endpoints' due retries are looked for. */
const SATURATED_RECHECK_MS = 250;

export type WorkerOptions = {
  /** Attempts at once, over all endpoints (WEBHOOK_CONCURRENCY). */
  concurrency: number;
  /** Attempts at once to one endpoint (WEBHOOK_ENDPOINT_CONCURRENCY). */
  perEndpoint: number;
  /** The slow poll: lease check, rescue of dead workers' rows, and a claim in case a NOTIFY was missed. */
  pollMs?: number;
  /** Days finished deliveries are kept (WEBHOOK_DELIVERY_RETENTION_DAYS). */
  retentionDays: number;
};

/**
 * The delivery worker. It sleeps until woken — by a NOTIFY from a committed enqueue, by the
 * timer of the next retry, by a finished attempt when work was left behind, or by the slow
 * poll — then claims what is due, within a bounded pool and a cap per endpoint, and runs the
 * attempts concurrently. Claims of concurrent wake-ups are coalesced into one loop.
 */
export class WebhookWorker {
  private readonly busy = new Map<number, number>();
  private readonly inflight = new Set<Promise<void>>();
  private running = 0;
  private claiming = false;
  private again = false;
  /** The last claim was cut short by a cap, so a finished attempt should claim again. */
  private capped = false;
  private stopped = false;
  private timer?: NodeJS.Timeout;
  private timerAt = 0;
  private ticker?: NodeJS.Timeout;
  /** When old deliveries were last pruned (0: at the first tick). */
  private prunedAt = 0;
  private unlisten?: () => Promise<void>;
  private readonly pollMs: number;

  constructor(
    private readonly db: Db,
    private readonly leases: LeaseHolder,
    private readonly engine: DeliveryEngine,
    private readonly opts: WorkerOptions,
  ) {
    this.pollMs = opts.pollMs ?? 5000;
  }

  async start(): Promise<void> {
    await this.leases.get();
    await rescueOrphans(this.db);
    // A (re)connected listener may have missed notifications: claim on every (re)listen too.
    const listening = await this.db.$client.listen(
      DELIVERIES_CHANNEL,
      () => this.wake(),
      () => this.wake(),
    );
    this.unlisten = listening.unlisten;
    this.ticker = setInterval(() => void this.tick(), this.pollMs);
    this.ticker.unref?.();
    this.wake();
  }

  /** Stops claiming and waits (up to `graceMs`) for the running attempts to be recorded. */
  async stop(graceMs = 20_000): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.ticker);
    await this.unlisten?.().catch(() => {});
    await Promise.race([Promise.allSettled([...this.inflight]), new Promise((r) => setTimeout(r, graceMs).unref?.())]);
  }

  wake(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    void this.claimLoop();
  }

  private async tick(): Promise<void> {
    try {
      await this.leases.check();
      await rescueOrphans(this.db);
      if (Date.now() - this.prunedAt >= PRUNE_EVERY_MS) {
        this.prunedAt = Date.now();
        // In batches, so a long backlog never holds one huge delete; bounded per tick.
        for (let i = 0; i < 100 && (await pruneFinished(this.db, this.opts.retentionDays)) > 0; i++);
      }
    } catch (err) {
      logError("webhook worker housekeeping failed", err);
    }
    this.wake();
  }

  private async claimLoop(): Promise<void> {
    this.claiming = true;
    try {
      do {
        this.again = false;
        const free = this.opts.concurrency - this.running;
        if (free <= 0) {
          this.capped = true;
          break;
        }
        const lease = await this.leases.get();
        const claimed = await claimDue(this.db, lease.key, { max: free, perEndpoint: this.opts.perEndpoint, busy: this.busy });
        for (const d of claimed) this.run(lease.key, d);
        const poolFull = claimed.length === free;
        const saturated = [...this.busy.values()].some((n) => n >= this.opts.perEndpoint);
        this.capped = poolFull || saturated;
        // A full pool is woken by its finishing attempts. A saturated endpoint's due rows would
        // read as "due now", so other endpoints' retries are looked for on a short timer instead.
        if (!poolFull) {
          if (saturated) this.arm(SATURATED_RECHECK_MS);
          else await this.armTimer();
        }
      } while (this.again && !this.stopped);
    } catch (err) {
      logError("webhook claim failed", err);
      this.arm(1000);
    } finally {
      this.claiming = false;
    }
  }

  private run(leaseKey: number, d: ClaimedDelivery): void {
    this.running++;
    this.busy.set(d.webhookId, (this.busy.get(d.webhookId) ?? 0) + 1);
    let retrying = false;
    const p: Promise<void> = attemptDelivery(this.engine, leaseKey, d)
      .then((outcome) => void (retrying = !outcome.ok))
      .catch((err) => logError("webhook attempt failed unexpectedly", err, { deliveryId: d.id }))
      .finally(() => {
        this.running--;
        const n = (this.busy.get(d.webhookId) ?? 1) - 1;
        if (n > 0) this.busy.set(d.webhookId, n);
        else this.busy.delete(d.webhookId);
        this.inflight.delete(p);
        // Work was left behind for lack of a slot: claim again. A failure scheduled a retry
        // the timer may not know of yet.
        if (this.capped) this.wake();
        else if (retrying) void this.armTimer().catch((err) => logError("webhook timer failed", err));
      });
    this.inflight.add(p);
  }

  /** Sleeps until the next pending delivery is due, or the slow poll, whichever is first. */
  private async armTimer(): Promise<void> {
    const s = await secondsUntilNextDue(this.db);
    this.arm(s === null ? this.pollMs : Math.min(this.pollMs, Math.max(20, s * 1000)));
  }

  /** Wakes in `ms`, unless an earlier wake-up is already set. */
  private arm(ms: number): void {
    if (this.stopped) return;
    const at = Date.now() + ms;
    if (this.timer && this.timerAt <= at) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.wake();
    }, ms);
    this.timer.unref?.();
  }
}
