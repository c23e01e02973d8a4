import "server-only";
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";

/**
 * Fixed-window counters in `rate_limit_counters`, shared by every instance on the database.
 * A key's window opens at its first hit and lasts `windowS` seconds (database clock), so a
 * burst is never split by a wall-clock boundary. A row outlives its window only until the
 * next purge (hitRateLimits' purgeExpired), so keys derived from clients or emails do not pile up.
 */

/**
 * The upsert that counts one hit, as a CTE body. `keys` is a select yielding a `key` column
 * (so a caller can derive the key inside its own statement). Returns `key`, `count`, `reset_s`.
 * `windowS` may be a placeholder, for a statement built once (db/prepared.ts).
 */
export function countHitSql(keys: SQL, windowS: number | Placeholder): SQL {
  const open = sql`c.window_start > now() - make_interval(secs => ${windowS})`;
  return sql`
    insert into rate_limit_counters as c (key, window_start, count, expires_at)
    select k.key, now(), 1, now() + make_interval(secs => ${windowS}) from (${keys}) k
    on conflict (key) do update set
      count = case when ${open} then c.count + 1 else 1 end,
      window_start = case when ${open} then c.window_start else now() end,
      expires_at = case when ${open} then c.expires_at else now() + make_interval(secs => ${windowS}) end
    returning key, count, ceil(extract(epoch from window_start) + ${windowS} - extract(epoch from now()))::int as reset_s`;
}

/**
 * A FROM item that makes the statement's own (implicit) transaction commit asynchronously:
 * the commit returns before its WAL is flushed to disk. Counters are still exact and visible
 * to every other session at once; only a database crash can lose the last ~0.6 s of hits
 * (wal_writer_delay × 3), which is no loss of safety for a usage counter or a rate-limit
 * window, and spares each authenticated request a WAL flush. Only for statements run outside
 * a transaction: inside one it would relax the whole transaction's commit.
 */
export const asyncCommitSql = sql`(select set_config('synchronous_commit', 'off', true)) as async_commit`;

export type Hit = { count: number; resetSeconds: number };

/** Counts one hit on `key`; `exceeded` once more than `limit` hits fall in the window. */
export async function hitRateLimit(db: DbOrTx, key: string, limit: number, windowS: number): Promise<Hit & { exceeded: boolean }> {
  const hit = (await hitRateLimits(db, [key], windowS)).get(key)!;
  return { ...hit, exceeded: hit.count > limit };
}

/**
 * Counts one hit on each key in one statement (one window length for all): key → hit.
 * `purgeExpired` also deletes up to 500 counters whose window has ended (not these keys), in
 * the same statement: callers that create many keys (sign-in, per client and email) keep the
 * table from growing at no extra round trip.
 */
export async function hitRateLimits(
  db: DbOrTx,
  keys: string[],
  windowS: number,
  opts: { purgeExpired?: boolean } = {},
): Promise<Map<string, Hit>> {
  const purge = opts.purgeExpired
    ? sql`purged as (
        delete from rate_limit_counters where key in (
          select key from rate_limit_counters where expires_at < now() and key not in (${textList(keys)})
          limit 500 for update skip locked
        )
      ),`
    : sql``;
  const rows = await db.execute<{ key: string; count: number; reset_s: number }>(
    sql`with ${purge} rl as (${countHitSql(sql`select unnest(array[${textList(keys)}]) as key`, windowS)})
      select key, count, reset_s from rl`,
  );
  return new Map(rows.map((r) => [r.key, { count: r.count, resetSeconds: Math.max(1, r.reset_s) }]));
}

/** In one statement: `clear` keys start over, `refund` keys get one hit back (a success was no failure). */
export async function releaseHits(db: DbOrTx, release: { clear: string[]; refund: string[] }): Promise<void> {
  await db.execute(sql`
    with cleared as (delete from rate_limit_counters where key in (${textList(release.clear)}))
    update rate_limit_counters set count = greatest(count - 1, 0) where key in (${textList(release.refund)})`);
}

/** `$1::text, $2::text, …`; an empty list is `null::text`, which matches no key. */
const textList = (values: string[]) =>
  values.length
    ? sql.join(
        values.map((v) => sql`${v}::text`),
        sql`, `,
      )
    : sql`null::text`;
