import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";

/**
 * Fixed-window counters in `rate_limit_counters`, shared by every instance on the database.
 * The window is aligned to multiples of `windowS` seconds of the database clock.
 */

/**
 * The upsert that counts one hit, as a CTE body. `keys` is a select yielding a `key` column
 * (so a caller can derive the key inside its own statement). Returns `count`, `reset_s`.
 */
export function countHitSql(keys: SQL, windowS: number): SQL {
  return sql`
    insert into rate_limit_counters as c (key, window_start, count)
    select k.key, to_timestamp(floor(extract(epoch from now()) / ${windowS}) * ${windowS}), 1 from (${keys}) k
    on conflict (key) do update set
      count = case when c.window_start = excluded.window_start then c.count + 1 else 1 end,
      window_start = excluded.window_start
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
