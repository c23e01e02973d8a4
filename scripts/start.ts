/**
 * `npm start`: database (DATABASE_URL or embedded), migrations, generated secrets, a
 * production build when there is none or the sources changed, then `next start` on $PORT.
 * Ctrl-C stops it all.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createDb } from "../db";
import { runMigrations } from "../db/migrate";
import { ConfigError, parseEnv } from "../server/env";
import { getOrCreateSecret } from "../server/services/settings";
import { resolveDatabase } from "./lib/database-url";
import { needsBuild } from "./lib/build-freshness";
import { buildNext, NEXT_BIN } from "./lib/next-server";

const dev = process.argv.includes("--dev");

async function main() {
  // Optional .env file (see .env.example); real environment variables win.
  if (existsSync(".env")) process.loadEnvFile?.(".env");
  const env = parseEnv();
  const database = await resolveDatabase();
  const running: { child?: ReturnType<typeof spawn> } = {};
  const shutdown = async (code: number) => {
    running.child?.kill("SIGTERM");
    await database.stop().catch(() => {});
    process.exit(code);
  };
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));

  await runMigrations(database.url);
  const db = createDb(database.url, 1);
  const secret = process.env.NEXTAUTH_SECRET || (await getOrCreateSecret(db, "nextauth_secret"));
  await db.$client.end();

  if (!dev && needsBuild(process.cwd(), process.env.NEXT_DIST_DIR || ".next")) {
    console.error("[formhouse] building the app (first start, or the sources changed since the last build)");
    if (!buildNext(process.env)) await shutdown(1);
  }

  const child = (running.child = spawn(process.execPath, [NEXT_BIN, dev ? "dev" : "start", "-p", String(env.PORT)], {
    stdio: "inherit",
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      APP_URL: env.APP_URL,
      NEXTAUTH_URL: process.env.NEXTAUTH_URL || env.APP_URL,
      NEXTAUTH_SECRET: secret,
      NEXT_TELEMETRY_DISABLED: "1",
    },
  }));
  console.error(`[formhouse] listening on ${env.APP_URL} (port ${env.PORT})`);
  child.on("exit", (code) => void shutdown(code ?? 0));
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `[formhouse] failed to start: ${err?.stack ?? err}`);
  process.exit(1);
});
