import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { logError } from "@/server/log";
import { fileStorage } from "./storage";

/**
 * Files no submission holds are removed by the workers' hourly housekeeping (server/workers.ts,
 * with the mail log's pruning) once they are `UNLINKED_MAX_AGE_HOURS` old: uploads whose submit
 * never completed, and files of submissions deleted without their own removal (a form purged
 * from the trash, a removal that failed). At 23 hours and hourly runs, gone within a day;
 * upload tokens stop working at 20 hours (upload-token.ts), so no submit links a file this takes.
 */
export const UNLINKED_MAX_AGE_HOURS = 23;

export async function pruneUnlinkedFiles(db: DbOrTx, batch = 1000, maxAgeHours = UNLINKED_MAX_AGE_HOURS): Promise<number> {
  const rows = await db.execute<{ id: string; storage_key: string }>(sql`
    select id, storage_key from submission_files
    where submission_id is null and created_at < now() - make_interval(hours => ${maxAgeHours}::int)
    order by created_at limit ${batch}`);
  if (!rows.length) return 0;
  try {
    await fileStorage().remove(rows.map((r) => r.storage_key));
  } catch (error) {
    // The rows stay, so the next run tries again.
    logError("removing unlinked files failed", error);
    return 0;
  }
  const ids = rows.map((r) => r.id);
  const gone = await db.execute<{ id: string }>(sql`
    delete from submission_files where id = any(${`{${ids.join(",")}}`}::uuid[]) and submission_id is null returning id`);
  return gone.length;
}
