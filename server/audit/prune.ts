import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";

/**
 * Removes up to `batch` audit rows older than `retentionDays` (AUDIT_RETENTION_DAYS): the only
 * delete of the log besides an organization's own deletion. The workers' housekeeping runs it
 * with the mail log's pruning (server/workers.ts).
 */
export async function pruneAuditEvents(db: DbOrTx, retentionDays: number, batch = 5000): Promise<number> {
  const rows = await db.execute<{ id: string }>(sql`
    delete from audit_events where id in (
      select id from audit_events where created_at < now() - make_interval(days => ${retentionDays}::int) limit ${batch})
    returning id`);
  return rows.length;
}
