import "server-only";
import { sql } from "drizzle-orm";
import { createDb, type Db } from "@/db";
import { log } from "@/server/log";

/**
 * Reads that may go to a replica (DATABASE_READ_URL): the lists, exports, tables and charts.
 * Never stale for the caller: each such read first asks the primary how far its WAL has come
 * (`pg_current_wal_lsn()`, a round trip that touches no table) and reads from the replica only
 * once the replica has replayed that far, so anything committed before the request began (the
 * caller's own write on any instance, a revoked token) is in what it reads. A replica behind
 * that point, or unreachable, is passed over for the primary; nothing waits on it. How far the
 * replica has come is remembered (it only grows), so a caught-up replica costs no extra trip.
 * Without DATABASE_READ_URL every read is the primary's, as before.
 */

type Replica = { db: Db; replayed: bigint; warnedAt: number };
const globalForReplica = globalThis as unknown as { formhouseReplica?: Replica | null };

function replica(): Replica | null {
  if (globalForReplica.formhouseReplica === undefined) {
    const url = process.env.DATABASE_READ_URL;
    globalForReplica.formhouseReplica = url
      ? { db: createDb(url, 10, { application_name: "formhouse-read", default_transaction_read_only: "on" }), replayed: 0n, warnedAt: 0 }
      : null;
  }
  return globalForReplica.formhouseReplica;
}

/**
 * The database a list or export reads from: the replica when it has everything committed so far,
 * else `primary` (the caller's own handle, the request's database).
 */
export async function readDb(primary: Db): Promise<Db> {
  const r = replica();
  if (!r) return primary;
  const [position] = await primary.execute<{ lsn: string }>(sql`select pg_current_wal_lsn()::text as lsn`);
  const needed = lsnValue(position!.lsn);
  if (r.replayed >= needed) return r.db;
  try {
    const [row] = await r.db.execute<{ lsn: string | null; standby: boolean }>(
      sql`select pg_last_wal_replay_lsn()::text as lsn, pg_is_in_recovery() as standby`,
    );
    // Not a standby (DATABASE_READ_URL names a primary): it has everything it will ever have.
    if (!row!.standby) return r.db;
    if (row!.lsn) r.replayed = lsnValue(row!.lsn) > r.replayed ? lsnValue(row!.lsn) : r.replayed;
    return r.replayed >= needed ? r.db : primary;
  } catch (error) {
    if (Date.now() - r.warnedAt > 60_000) {
      r.warnedAt = Date.now();
      log.warn("the read replica is unreachable; reading from the primary", { error: (error as Error).message });
    }
    return primary;
  }
}

/** A WAL position (`16/B374D848`) as a number. */
export function lsnValue(lsn: string): bigint {
  const [hi, lo] = lsn.split("/");
  return (BigInt(`0x${hi}`) << 32n) | BigInt(`0x${lo}`);
}

/** Ends the replica's pool, if one was made (a stopping server). */
export async function closeReadDb(timeoutS = 5): Promise<void> {
  const current = globalForReplica.formhouseReplica;
  globalForReplica.formhouseReplica = undefined;
  await current?.db.$client.end({ timeout: timeoutS });
}
