/** `npm run migrate`: apply pending migrations to DATABASE_URL (or the embedded database). */
import { runMigrations } from "../db/migrate";
import { resolveDatabase } from "./lib/database-url";

const database = await resolveDatabase();
try {
  await runMigrations(database.url);
  console.error("[formhouse] migrations applied");
} finally {
  await database.stop();
}
