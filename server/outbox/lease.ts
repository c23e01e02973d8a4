import "server-only";
import { randomInt } from "node:crypto";
import type { Sql, ReservedSql } from "postgres";

/**
 * A process's lease on the deliveries it is sending. The process holds a session advisory
 * lock (class LEASE_CLASS, object = its key) on a connection of its own and marks the rows it
 * claims with the key. When the process dies — even by SIGKILL — PostgreSQL drops the
 * connection and the lock with it, and any worker's rescue (outbox.ts) sees the lock free
 * and hands the rows back at once. Two live processes never hold the same key.
 */
export const LEASE_CLASS = 0x5748; // "WH", in the two-integer advisory lock space

export class Lease {
  private constructor(
    private readonly conn: ReservedSql,
    readonly key: number,
  ) {}

  static async acquire(sql: Sql): Promise<Lease> {
    const conn = await sql.reserve();
    try {
      for (;;) {
        const key = randomInt(1, 2 ** 31 - 1);
        const [row] = await conn<{ ok: boolean }[]>`select pg_try_advisory_lock(${LEASE_CLASS}, ${key}) as ok`;
        if (row?.ok) return new Lease(conn, key);
      }
    } catch (err) {
      conn.release();
      throw err;
    }
  }

  /** Whether this connection still holds the lock (false after the connection was lost). */
  async held(): Promise<boolean> {
    try {
      const [row] = await this.conn<{ held: boolean }[]>`
        select exists (
          select 1 from pg_locks
          where locktype = 'advisory' and classid = ${LEASE_CLASS} and objid = ${this.key} and objsubid = 2
            and pid = pg_backend_pid() and granted
        ) as held`;
      return Boolean(row?.held);
    } catch {
      return false;
    }
  }

  async release(): Promise<void> {
    await this.conn`select pg_advisory_unlock(${LEASE_CLASS}, ${this.key})`.catch(() => {});
    this.conn.release();
  }
}

/**
 * The lease of this process, shared by its worker and its synchronous sends (test
 * deliveries); re-acquired under a new key when the old one was lost.
 */
export class LeaseHolder {
  private current?: Promise<Lease>;
  constructor(private readonly sql: Sql) {}

  get(): Promise<Lease> {
    this.current ??= Lease.acquire(this.sql).catch((err) => {
      this.current = undefined;
      throw err;
    });
    return this.current;
  }

  /** Checks the lock is still held; if not, takes a new lease (rows under the old key get rescued). */
  async check(): Promise<Lease> {
    const lease = await this.get();
    if (await lease.held()) return lease;
    if (this.current) {
      this.current = undefined;
      void lease.release().catch(() => {});
    }
    return this.get();
  }

  async release(): Promise<void> {
    const current = this.current;
    this.current = undefined;
    if (current) await (await current).release();
  }
}
