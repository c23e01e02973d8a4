import "server-only";
import type { Db } from "@/db";
import { logError } from "@/server/log";
import { metrics } from "@/server/metrics";
import type { LeaseHolder } from "./lease";

/** How often old finished rows are removed (each worker; deleting twice is harmless). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * The longest a claim, a look at the next due row or a housekeeping step may take. postgres.js
 * 3.4 can leave a query unsettled for ever when its connection closes as it is written (a
 * database restart); without a bound, one such claim would stop the worker until the process
 * restarts. A timed-out step is retried like a failed one.
 */
const STEP_TIMEOUT_MS = 30_000;

function bounded<T>(what: string, step: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${STEP_TIMEOUT_MS} ms`)), STEP_TIMEOUT_MS);
    timer.unref?.();
  });
  return Promise.race([step, timeout]).finally(() => clearTimeout(timer));
}

/** While a group has all its slots busy, how often other groups' due rows are looked for. */
const SATURATED_RECHECK_MS = 250;

/**
 * One durable queue a worker drains: webhook deliveries (server/webhooks/delivery/queue.ts) and
 * mail (server/mail/queue.ts). Rows are written in their cause's transaction; the queue says
 * how to claim them under a lease, send one, and keep the table tidy.
 */
export type OutboxQueue<T> = {
  /** For logs: "webhook", "mail". */
  name: string;
  /** The NOTIFY channel a committed enqueue wakes the workers on. */
  channel: string;
  /** Attempts at once for one group (one webhook endpoint), so a slow one cannot take the pool. */
  perGroup: number;
  groupOf(item: T): number | string;
  /** Claims at most `max` due rows for `leaseKey`, at most `perGroup − busy` of a group. */
  claim(leaseKey: number, limits: { max: number; busy: ReadonlyMap<number | string, number> }): Promise<T[]>;
  /** Sends one claimed row and records its outcome; `ok: false` when a retry was scheduled. */
  attempt(leaseKey: number, item: T): Promise<{ ok: boolean }>;
  /** Seconds until the next pending row is due (0: now); null when none waits. */
  secondsUntilNextDue(): Promise<number | null>;
  /** Hands back rows of workers that are gone. */
  rescue(): Promise<number>;
  /** Removes one batch of finished rows past their retention; answers how many went. */
  prune(): Promise<number>;
  /** The queue's own periodic work (mail: queue the digests that are due), called on every slow poll; it decides how often to act. */
  housekeeping?(): Promise<void>;
};

export type WorkerOptions = {
  /** Attempts at once, over all groups. */
  concurrency: number;
  /** The slow poll: lease check, rescue of dead workers' rows, and a claim in case a NOTIFY was missed. */
  pollMs?: number;
};

/**
 * The outbox worker. It sleeps until woken — by a NOTIFY from a committed enqueue, by the
 * timer of the next retry, by a finished attempt when work was left behind, or by the slow
 * poll — then claims what is due, within a bounded pool and a cap per group, and runs the
 * attempts concurrently. Claims of concurrent wake-ups are coalesced into one loop.
 */
export class OutboxWorker<T> {
  private readonly busy = new Map<number | string, number>();
  private readonly inflight = new Set<Promise<void>>();
  private running = 0;
  private claiming = false;
  /** The claim loop under way: a stop waits for it, so rows it claims are sent and recorded before the lease goes. */
  private loop?: Promise<void>;
  private again = false;
  /** The last claim was cut short by a cap, so a finished attempt should claim again. */
  private capped = false;
  private stopped = false;
  private timer?: NodeJS.Timeout;
  private timerAt = 0;
  private ticker?: NodeJS.Timeout;
  /** When old rows were last pruned (0: at the first tick). */
  private prunedAt = 0;
  private unlisten?: () => Promise<void>;
  private readonly pollMs: number;

  constructor(
    private readonly db: Db,
    private readonly leases: LeaseHolder,
    private readonly queue: OutboxQueue<T>,
    private readonly opts: WorkerOptions,
  ) {
    this.pollMs = opts.pollMs ?? 5000;
  }

  async start(): Promise<void> {
    await this.leases.get();
    await this.queue.rescue();
    // A (re)connected listener may have missed notifications: claim on every (re)listen too.
    const listening = await this.db.$client.listen(
      this.queue.channel,
      () => this.wake(),
      () => this.wake(),
    );
    this.unlisten = listening.unlisten;
    this.ticker = setInterval(() => void this.tick(), this.pollMs);
    this.ticker.unref?.();
    this.wake();
  }

  /**
   * Stops claiming and waits (up to `graceMs`) for the claim under way and the running attempts
   * to be recorded: the lease is given up next, and a row still held would be rescued and sent
   * again by another worker while this one sends it.
   */
  async stop(graceMs = 20_000): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.ticker);
    await this.unlisten?.().catch(() => {});
    const settled = (async () => {
      await this.loop;
      await Promise.allSettled([...this.inflight]);
    })();
    await Promise.race([settled, new Promise((r) => setTimeout(r, graceMs).unref?.())]);
  }

  wake(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.loop = this.claimLoop();
  }

  private async tick(): Promise<void> {
    try {
      await bounded("the lease check", this.leases.check());
      await bounded("the rescue", this.queue.rescue());
      await bounded("the housekeeping", this.queue.housekeeping?.() ?? Promise.resolve());
      if (Date.now() - this.prunedAt >= PRUNE_EVERY_MS) {
        this.prunedAt = Date.now();
        // In batches, so a long backlog never holds one huge delete; bounded per tick.
        for (let i = 0; i < 100 && (await this.queue.prune()) > 0; i++);
      }
    } catch (err) {
      logError(`${this.queue.name} worker housekeeping failed`, err);
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
        const lease = await bounded("the lease", this.leases.get());
        const claimed = await bounded("the claim", this.queue.claim(lease.key, { max: free, busy: this.busy }));
        for (const item of claimed) this.run(lease.key, item);
        const poolFull = claimed.length === free;
        const saturated = [...this.busy.values()].some((n) => n >= this.queue.perGroup);
        this.capped = poolFull || saturated;
        // A full pool is woken by its finishing attempts. A saturated group's due rows would
        // read as "due now", so other groups' retries are looked for on a short timer instead.
        if (!poolFull) {
          if (saturated) this.arm(SATURATED_RECHECK_MS);
          else await this.armTimer();
        }
      } while (this.again && !this.stopped);
    } catch (err) {
      logError(`${this.queue.name} claim failed`, err);
      this.arm(1000);
    } finally {
      this.claiming = false;
    }
  }

  private run(leaseKey: number, item: T): void {
    const group = this.queue.groupOf(item);
    this.running++;
    this.busy.set(group, (this.busy.get(group) ?? 0) + 1);
    let retrying = false;
    const p: Promise<void> = this.queue
      .attempt(leaseKey, item)
      .then((outcome) => {
        retrying = !outcome.ok;
        if (!outcome.ok) metrics().attemptFailures.inc({ kind: this.queue.name });
      })
      .catch((err) => logError(`${this.queue.name} attempt failed unexpectedly`, err))
      .finally(() => {
        this.running--;
        const n = (this.busy.get(group) ?? 1) - 1;
        if (n > 0) this.busy.set(group, n);
        else this.busy.delete(group);
        this.inflight.delete(p);
        // Work was left behind for lack of a slot: claim again. A failure scheduled a retry
        // the timer may not know of yet.
        if (this.capped) this.wake();
        else if (retrying) void this.armTimer().catch((err) => logError(`${this.queue.name} timer failed`, err));
      });
    this.inflight.add(p);
  }

  /** Sleeps until the next pending row is due, or the slow poll, whichever is first. */
  private async armTimer(): Promise<void> {
    const s = await bounded("the look for the next due row", this.queue.secondsUntilNextDue());
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
