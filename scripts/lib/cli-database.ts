import { createDb, type Db } from "../../db";
import { runMigrations } from "../../db/migrate";
import { resolveDatabase } from "./database-url";

export type OpenDatabase = { db: Db; close: () => Promise<void> };

/**
 * The database of a one-shot command (resolveDatabase: DATABASE_URL, the embedded server a
 * running `npm start` owns, or one of its own), with pending migrations applied. `close()` ends the pool and stops
 * an embedded server this process started.
 */
export async function openDatabase(): Promise<OpenDatabase> {
  const database = await resolveDatabase({ role: "command" });
  try {
    await runMigrations(database.url);
  } catch (err) {
    await database.stop().catch(() => {});
    throw err;
  }
  const db = createDb(database.url, 2);
  return {
    db,
    close: async () => {
      await db.$client.end({ timeout: 5 }).catch(() => {});
      await database.stop().catch(() => {});
    },
  };
}
