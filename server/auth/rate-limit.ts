import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";

/**
 * Fixed-window counters in `rate_limit_counters`, shared by every instance on the database.
 * A key's window opens at its first hit and lasts `windowS` seconds (database clock), so a
 * burst is never split by a wall-clock boundary.
 */

/**
 * The upsert that counts one hit, as a CTE body. `keys` is a select yielding a `key` column
 * (so a caller can derive the key inside its own statement). Returns `count`, `reset_s`.
 */
export function countHitSql(keys: SQL, windowS: number): SQL {
  const open = sql`c.window_start > now() - make_interval(secs => ${windowS})`;
  return sql`
    insert into rate_limit_counters as c (key, window_start, count)
    select k.key, now(), 1 from (${keys}) k
    on conflict (key) do update set
      count = case when ${open} then c.count + 1 else 1 end,
      window_start = case when ${open} then c.window_start else now() end
    returning count, ceil(extract(epoch from window_start) + ${windowS} - extract(epoch from now()))::int as reset_s`;
}

/** Counts one hit on `key`; `exceeded` once more than `limit` hits fall in the window. */
export async function hitRateLimit(
  db: DbOrTx,
  key: string,
  limit: number,
  windowS: number,
): Promise<{ count: number; resetSeconds: number; exceeded: boolean }> {
  const [row] = await db.execute<{ count: number; reset_s: number }>(
    sql`with rl as (${countHitSql(sql`select ${key}::text as key`, windowS)}) select count, reset_s from rl`,
  );
  const count = row?.count ?? 0;
  return { count, resetSeconds: Math.max(1, row?.reset_s ?? windowS), exceeded: count > limit };
}

export async function clearRateLimit(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where key = ${key}`);
}
