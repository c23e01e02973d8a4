import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { WebhookSource } from "@/db/schema";
import { DELIVERIES_CHANNEL } from "@/lib/webhook-events";
import { LEASE_CLASS } from "@/server/outbox/lease";

/**
 * The queries of the delivery pipeline over `webhook_deliveries`. A row is `pending` until an
 * attempt succeeds or the retries run out; while an attempt runs, `locked_by` holds the
 * sender's lease key (lease.ts). Every outcome is written only while the sender still owns
 * the row, so a row handed to another worker is never recorded twice.
 */

/** A claimed delivery with what its attempt needs from the webhook. */
export type ClaimedDelivery = {
  id: string;
  webhookId: number;
  source: WebhookSource;
  eventType: string;
  payload: Record<string, unknown>;
  /** Attempts made before this one. */
  attempts: number;
  autoRetry: boolean;
  url: string;
  /** The secrets that sign this attempt: the current one, and the previous one during its grace period. */
  secrets: string[];
  /** The request that caused the event, if one did: the attempt's log lines carry its id. */
  requestId: string | null;
};

type ClaimedRow = {
  id: string;
  webhook_id: number;
  source: WebhookSource;
  event_type: string;
  payload: Record<string, unknown>;
  attempts: number;
  auto_retry: boolean;
  url: string;
  secret: string;
  previous_secret: string | null;
  request_id: string | null;
};

const toClaimed = (r: ClaimedRow): ClaimedDelivery => ({
  id: r.id,
  webhookId: r.webhook_id,
  source: r.source,
  eventType: r.event_type,
  payload: r.payload,
  attempts: r.attempts,
  autoRetry: r.auto_retry,
  url: r.url,
  secrets: r.previous_secret ? [r.secret, r.previous_secret] : [r.secret],
  requestId: r.request_id,
});

/** The webhook columns an attempt reads; the previous secret only while it still signs. */
const attemptColumns = sql`w.source, w.url, w.secret,
  case when w.previous_secret_expires_at > now() then w.previous_secret end as previous_secret`;

export type ClaimLimits = {
  /** Rows to claim at most (free slots of the worker's pool). */
  max: number;
  /** Attempts per endpoint at once. */
  perEndpoint: number;
  /** Attempts this worker runs right now, by webhook id. */
  busy: ReadonlyMap<number, number>;
};

/**
 * Claims due deliveries for `leaseKey`, fairly: it walks the webhooks that have pending rows
 * (a skip scan over the pending index, so a backlog of one endpoint is never read row by row)
 * and takes at most `perEndpoint − busy` due rows of each, oldest first, skipping rows another
 * worker is claiming (`FOR UPDATE SKIP LOCKED`). Disabled webhooks are skipped.
 */
export async function claimDue(db: DbOrTx, leaseKey: number, limits: ClaimLimits): Promise<ClaimedDelivery[]> {
  if (limits.max <= 0) return [];
  const busyIds = [...limits.busy.keys()];
  const busyCounts = busyIds.map((id) => limits.busy.get(id)!);
  const rows = await db.execute<ClaimedRow>(sql`
    with recursive hooks(webhook_id) as (
      (select webhook_id from webhook_deliveries where status = 'pending' order by webhook_id limit 1)
      union all
      select (select d.webhook_id from webhook_deliveries d
              where d.status = 'pending' and d.webhook_id > h.webhook_id order by d.webhook_id limit 1)
      from hooks h where h.webhook_id is not null
    ),
    busy(webhook_id, n) as (select * from unnest(${sql.param(busyIds)}::int[], ${sql.param(busyCounts)}::int[])),
    picked as (
      select x.id, x.next_attempt_at
      from hooks h
      join webhooks w on w.id = h.webhook_id and w.enabled
      left join busy b on b.webhook_id = h.webhook_id
      cross join lateral (
        select d.id, d.next_attempt_at from webhook_deliveries d
        where d.webhook_id = h.webhook_id and d.status = 'pending' and d.locked_by is null and d.next_attempt_at <= now()
        order by d.next_attempt_at
        limit greatest(0, ${limits.perEndpoint} - coalesce(b.n, 0))
        for update of d skip locked
      ) x
      order by x.next_attempt_at
      limit ${limits.max}
    )
    update webhook_deliveries d set locked_by = ${leaseKey}, locked_at = now()
    from picked, webhooks w
    where d.id = picked.id and w.id = d.webhook_id
    returning d.id, d.webhook_id, d.event_type, d.payload, d.attempts, d.auto_retry, d.request_id, ${attemptColumns}`);
  return rows.map(toClaimed);
}

/** One delivery already locked by `leaseKey` (a test delivery just written), ready for its attempt. */
export async function loadClaimed(db: DbOrTx, leaseKey: number, id: string): Promise<ClaimedDelivery | null> {
  const [row] = await db.execute<ClaimedRow>(sql`
    select d.id, d.webhook_id, d.event_type, d.payload, d.attempts, d.auto_retry, d.request_id, ${attemptColumns}
    from webhook_deliveries d join webhooks w on w.id = d.webhook_id
    where d.id = ${id} and d.locked_by = ${leaseKey}`);
  return row ? toClaimed(row) : null;
}

/** A successful attempt: the delivery is done and the endpoint is healthy again. */
export async function recordSuccess(db: DbOrTx, leaseKey: number, id: string, entry: AttemptEntry): Promise<void> {
  await db.execute(sql`
    with done as (
      update webhook_deliveries set status = 'succeeded', attempts = attempts + 1, last_status_code = ${entry.statusCode},
        last_error = null, last_attempt_at = now(), delivered_at = now(), next_attempt_at = null, locked_by = null, locked_at = null
      where id = ${id} and locked_by = ${leaseKey}
      returning id, webhook_id
    ), ${logAttempt(entry, sql`done`)}
    update webhooks set failing_since = null where id = (select webhook_id from done) and failing_since is not null`);
}

/** What the delivery log keeps of one attempt (webhook_delivery_attempts). */
export type AttemptEntry = {
  attempt: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  responseExcerpt: string | null;
};

/**
 * A CTE that logs the attempt for the delivery `recorded` returned (none when the row was no
 * longer ours). A rescued row attempted again under the same number keeps the first entry.
 */
function logAttempt(entry: AttemptEntry, recorded: SQL) {
  return sql`logged as (
      insert into webhook_delivery_attempts (delivery_id, attempt, status_code, error, duration_ms, response_excerpt)
      select id, ${entry.attempt}, ${entry.statusCode}, ${entry.error}, ${entry.durationMs}, ${entry.responseExcerpt} from ${recorded}
      on conflict (delivery_id, attempt) do nothing
    )`;
}

/**
 * A failed attempt: pending again in `retryInS` seconds (null: failed for good; also when the
 * webhook was disabled meanwhile). Answers whether the endpoint has now failed every attempt
 * for `disableAfterS` seconds, or null when the row was no longer ours.
 */
export async function recordFailure(
  db: DbOrTx,
  leaseKey: number,
  id: string,
  outcome: { statusCode: number | null; error: string; retryInS: number | null },
  disableAfterS: number,
  entry: AttemptEntry,
): Promise<{ failingTooLong: boolean } | null> {
  const [row] = await db.execute<{ failing_too_long: boolean }>(sql`
    with failed as (
      update webhook_deliveries d set
        attempts = d.attempts + 1, last_status_code = ${outcome.statusCode}, last_error = ${outcome.error},
        last_attempt_at = now(), locked_by = null, locked_at = null,
        status = case when ${outcome.retryInS}::float8 is not null and w.enabled then 'pending' else 'failed' end,
        next_attempt_at = case when ${outcome.retryInS}::float8 is not null and w.enabled
          then now() + make_interval(secs => ${outcome.retryInS}::float8) end
      from webhooks w
      where d.id = ${id} and d.locked_by = ${leaseKey} and w.id = d.webhook_id
      returning d.id, d.webhook_id
    ), ${logAttempt(entry, sql`failed`)}
    update webhooks set failing_since = coalesce(failing_since, now())
    where id = (select webhook_id from failed)
    returning failing_since <= now() - make_interval(secs => ${disableAfterS}::float8) as failing_too_long`);
  return row ? { failingTooLong: row.failing_too_long } : null;
}

/**
 * Turns a webhook off with a reason the owner sees; its waiting deliveries are marked failed
 * (they can be retried once it is enabled again). Returns false when it was already off.
 */
export async function disableWebhook(db: DbOrTx, webhookId: number, reason: string): Promise<boolean> {
  const [row] = await db.execute<{ n: number }>(sql`
    with off as (
      update webhooks set enabled = false, disabled_reason = ${reason}, updated_at = now()
      where id = ${webhookId} and enabled
      returning id
    ), dropped as (
      update webhook_deliveries set status = 'failed', next_attempt_at = null,
        last_error = case when attempts = 0 then 'Not sent: the webhook was disabled' else last_error end
      where webhook_id in (select id from off) and status = 'pending' and locked_by is null
      returning 1
    )
    select (select count(*) from off)::int as n, (select count(*) from dropped)::int as dropped`);
  return (row?.n ?? 0) > 0;
}

/** A connector subscription whose target answered 410 Gone is removed, deliveries and all. */
export async function removeSubscription(db: DbOrTx, webhookId: number): Promise<boolean> {
  const rows = await db.execute(sql`delete from webhooks where id = ${webhookId} and source = 'connector' returning id`);
  return rows.length > 0;
}

/**
 * Makes a delivery due now and wakes the workers. A finished delivery gets one more attempt
 * (no automatic retries after it); a pending one keeps its schedule. A row being sent right
 * now is left alone. Returns false when the delivery does not exist.
 */
export async function requeueDelivery(db: DbOrTx, webhookId: number, id: string): Promise<boolean> {
  const [row] = await db.execute<{ found: boolean }>(sql`
    with target as (
      select id, locked_by from webhook_deliveries where id = ${id} and webhook_id = ${webhookId}
    ), requeued as (
      update webhook_deliveries d set status = 'pending', next_attempt_at = now(),
        auto_retry = (d.status = 'pending' and d.auto_retry)
      from target t where d.id = t.id and t.locked_by is null
      returning 1
    ), notified as (select pg_notify(${DELIVERIES_CHANNEL}, '') from (select 1 from requeued limit 1) one)
    select exists (select 1 from target) as found, (select count(*) from notified)::int as notified`);
  return Boolean(row?.found);
}

/**
 * Hands back the rows of senders that are gone: their lease lock is free (the process died,
 * its connection closed), or — a backstop — the row was claimed so long ago no attempt can
 * still be running. They are due at once. The interrupted attempt counts as one and is logged
 * (webhook_delivery_attempts) with INTERRUPTED_ATTEMPT as its error: it may have reached the
 * endpoint, so the delivery log shows the next one as a retry (receivers deduplicate on `webhook-id`).
 */
export const INTERRUPTED_ATTEMPT = "Interrupted: the process sending it stopped before the answer was recorded; sent again";

export async function rescueOrphans(db: DbOrTx, staleAfterS = 300): Promise<number> {
  const rows = await db.execute<{ id: string }>(sql`
    with owners as (select distinct locked_by as k from webhook_deliveries where locked_by is not null),
    dead as (select k from owners where pg_try_advisory_xact_lock(${LEASE_CLASS}, k)),
    rescued as (
      update webhook_deliveries d set locked_by = null, locked_at = null,
        attempts = d.attempts + 1, last_attempt_at = d.locked_at, last_error = ${INTERRUPTED_ATTEMPT},
        status = case when w.enabled then 'pending' else 'failed' end,
        next_attempt_at = case when w.enabled then now() end
      from webhooks w
      where w.id = d.webhook_id and d.locked_by is not null
        and (d.locked_by in (select k from dead) or d.locked_at < now() - make_interval(secs => ${staleAfterS}::float8))
      returning d.id, d.attempts, d.last_attempt_at
    ),
    logged as (
      insert into webhook_delivery_attempts (delivery_id, attempt, attempted_at, error)
      select id, attempts, coalesce(last_attempt_at, now()), ${INTERRUPTED_ATTEMPT} from rescued
      on conflict (delivery_id, attempt) do nothing
    )
    select id from rescued`);
  return rows.length;
}

/** Seconds until the next pending delivery is due (0 if one is due now); null when none waits. */
export async function secondsUntilNextDue(db: DbOrTx): Promise<number | null> {
  // ORDER BY … LIMIT 1 walks the due index from its start (min() over a join would scan it all).
  const [row] = await db.execute<{ s: number }>(sql`
    select extract(epoch from (d.next_attempt_at - now()))::float8 as s
    from webhook_deliveries d
    where d.status = 'pending' and d.locked_by is null
      and exists (select 1 from webhooks w where w.id = d.webhook_id and w.enabled)
    order by d.next_attempt_at
    limit 1`);
  return row ? Math.max(0, row.s) : null;
}

/**
 * Removes up to `batch` finished deliveries (succeeded or failed) created more than
 * `retentionDays` ago: the delivery log's history, which would otherwise grow forever. Pending
 * rows are never touched, so nothing that may still be sent is lost. Returns how many went.
 */
export async function pruneFinished(db: DbOrTx, retentionDays: number, batch = 5000): Promise<number> {
  const rows = await db.execute<{ id: string }>(sql`
    delete from webhook_deliveries where id in (
      select id from webhook_deliveries
      where status <> 'pending' and locked_by is null
        and created_at < now() - make_interval(days => ${retentionDays}::int)
      limit ${batch})
    returning id`);
  return rows.length;
}
