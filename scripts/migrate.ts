/** `npm run migrate`: apply pending migrations to DATABASE_URL (or the embedded database). */
import { runMigrations } from "../db/migrate";
import { resolveDatabase } from "./lib/database-url";
import { explainFailure } from "./lib/explain-failure";

try {
  const database = await resolveDatabase({ role: "command" });
  try {
    await runMigrations(database.url);
    console.error("[formhouse] migrations applied");
  } finally {
    await database.stop();
  }
} catch (err) {
  for (const line of explainFailure(err)) console.error(`[formhouse] ${line}`);
  process.exitCode = 1;
}
