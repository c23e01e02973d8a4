/**
 * `npm test`: the whole suite against real parts.
 *   1. Postgres: TEST_DATABASE_URL / DATABASE_URL, else a fresh embedded server in a temp dir
 *   2. unit tests (node:test), the typecheck and lint
 *   3. migrations, a production build (skip with SKIP_BUILD=1), `next start` on a free port
 *   4. API + UI tests (Playwright, real HTTP and Chromium)
 * Extra arguments go to Playwright (e.g. `npm test -- e2e/api/forms.spec.ts`); then unit tests
 * and the typecheck are skipped unless RUN_UNIT=1. NEXT_DIST_DIR picks another build directory.
 * Every stage runs even after a failure, so one run reports everything.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { runMigrations } from "../db/migrate";
import { startThrowawayPostgres } from "./lib/embedded-db";
import { buildNext, startNextServer, type RunningServer } from "./lib/next-server";

const root = process.cwd();
const pwArgs = process.argv.slice(2);
const everything = !pwArgs.length || Boolean(process.env.RUN_UNIT);

/**
 * The server under test delivers webhooks to receivers on loopback, and retries on a short
 * schedule (0.5 s, 0.5 s, then 1 s ×4: seven attempts in about 5 s) so retry tests finish.
 */
const TEST_WEBHOOK_ENV = { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true", WEBHOOK_RETRY_SCHEDULE: "0.5,0.5,1,1,1,1" };

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): number {
  return spawnSync(cmd, args, { stdio: "inherit", env }).status ?? 1;
}

async function main() {
  let url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  let stopDb = async () => {};
  if (!url) {
    const pg = await startThrowawayPostgres("test");
    url = pg.url;
    stopDb = pg.stop;
  }

  let status = 0;
  let server: RunningServer | undefined;
  try {
    await runMigrations(url);
    const env = { ...process.env, DATABASE_URL: url, NEXT_TELEMETRY_DISABLED: "1" };
    if (everything) {
      console.log("\n# unit tests");
      status = run(process.execPath, ["--import", "tsx", "--test", "--test-reporter=spec", ...unitTestFiles()], env) || status;
      if (process.env.SKIP_TYPECHECK !== "1") {
        console.log("\n# typecheck");
        status = run(process.execPath, [path.join(root, "node_modules", "typescript", "bin", "tsc"), "--noEmit", "-p", root], env) || status;
        console.log("\n# lint");
        status = run(process.execPath, [path.join(root, "node_modules", "eslint", "bin", "eslint.js"), root], env) || status;
      }
    }
    if (process.env.SKIP_BUILD !== "1") {
      console.log("\n# next build");
      if (!buildNext(env)) throw new Error("next build failed");
    }
    // The server trusts one proxy: each test is a client of its own (e2e/fixtures.ts sends X-Forwarded-For).
    server = await startNextServer({ databaseUrl: url, env: { ...env, ...TEST_WEBHOOK_ENV, TRUST_PROXY: "1" }, logs: Boolean(process.env.SERVER_LOGS) });
    console.log("\n# API and UI tests (Playwright)");
    status = run(process.execPath, [path.join(root, "node_modules", "@playwright", "test", "cli.js"), "test", ...pwArgs], server.env) || status;
  } catch (err) {
    console.error(err);
    status = 1;
  } finally {
    server?.stop();
    await stopDb();
  }
  process.exit(status);
}

function unitTestFiles(): string[] {
  const out = spawnSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "*.test.ts"], { encoding: "utf8" });
  return out.stdout.split("\n").filter((f) => f && !f.startsWith("e2e/"));
}

main();
