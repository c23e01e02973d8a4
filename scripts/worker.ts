/**
 * `npm run worker`: the outbox workers (webhook deliveries and mail) alone, for a separate process or machine
 * (then start the web instances with WEBHOOK_WORKER=off). Uses DATABASE_URL, or the embedded
 * PostgreSQL of `npm start`; applies pending migrations first. Any number of workers may run
 * on one database. SIGTERM/SIGINT stop claiming and wait for the attempts in flight.
 */
import { existsSync } from "node:fs";
import { MigrationsAheadError, runMigrations } from "../db/migrate";
import { ConfigError, parseEnv } from "../server/env";
import { startWorkers, stopWorkers } from "../server/workers";
import { resolveDatabase } from "./lib/database-url";
import { mailNotices } from "./lib/mail-notices";

async function main() {
  if (existsSync(".env")) process.loadEnvFile?.(".env");
  const env = parseEnv();
  // Borrows the embedded PostgreSQL of a running `npm start` (or runs one for as long as it works).
  const database = await resolveDatabase({ role: "command" });
  await runMigrations(database.url);
  // The worker's pool reads DATABASE_URL (the embedded server's when it was unset).
  process.env.DATABASE_URL = database.url;
  await startWorkers();
  const { WEBHOOK_CONCURRENCY: all, WEBHOOK_ENDPOINT_CONCURRENCY: perEndpoint } = env;
  console.error(`[formhouse] workers started: webhooks (concurrency ${all}, ${perEndpoint} per endpoint) and mail`);
  for (const line of mailNotices(env)) console.error(`[formhouse] ${line}`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await stopWorkers();
    await database.stop().catch(() => {});
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((err) => {
  if (err instanceof MigrationsAheadError) console.error(`[formhouse] ${err.message}`);
  else console.error(err instanceof ConfigError ? err.message : `[formhouse] worker failed to start: ${err?.stack ?? err}`);
  process.exit(1);
});
