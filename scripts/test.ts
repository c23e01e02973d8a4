/**
 * `npm test`: the whole suite against real parts.
 *   1. Postgres: TEST_DATABASE_URL / DATABASE_URL, else a fresh embedded server in a temp dir
 *   2. migrations, a production build (skip with SKIP_BUILD=1), `next start` on a free port
 *   3. unit tests (node:test), then API + UI tests (Playwright, real HTTP and Chromium)
 * Extra arguments go to Playwright (e.g. `npm test -- e2e/api/forms.spec.ts`); then unit tests
 * and the typecheck are skipped unless RUN_UNIT=1. NEXT_DIST_DIR picks another build directory.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runMigrations } from "../db/migrate";
import { freePort, startEmbeddedPostgres } from "./lib/embedded-db";

const root = process.cwd();
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const pwArgs = process.argv.slice(2);

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): number {
  return spawnSync(cmd, args, { stdio: "inherit", env }).status ?? 1;
}

async function waitFor(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

async function main() {
  let url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  let stopDb = async () => {};
  if (!url) {
    // A throw-away cluster under the system temp dir: always reachable by the `postgres`
    // user that runs the server when we are root, wherever the checkout lives.
    const dir = mkdtempSync(path.join(os.tmpdir(), "formhouse-test-pg-"));
    const pg = await startEmbeddedPostgres({ dir });
    url = pg.url;
    stopDb = async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  await runMigrations(url);

  const port = Number(process.env.TEST_PORT) || (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATABASE_URL: url,
    APP_URL: baseUrl,
    NEXTAUTH_URL: baseUrl,
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    PORT: String(port),
    BASE_URL: baseUrl,
    NODE_ENV: "production" as const,
    NEXT_TELEMETRY_DISABLED: "1",
  };

  let status = 0;
  let server: ReturnType<typeof spawn> | undefined;
  try {
    if (!pwArgs.length || process.env.RUN_UNIT) {
      console.log("\n# unit tests");
      status ||= run(process.execPath, ["--import", "tsx", "--test", "--test-reporter=spec", ...unitTestFiles()], env);
    }
    if ((!pwArgs.length || process.env.RUN_UNIT) && process.env.SKIP_TYPECHECK !== "1") {
      console.log("\n# typecheck");
      status ||= run(process.execPath, [path.join(root, "node_modules", "typescript", "bin", "tsc"), "--noEmit", "-p", root], env);
    }
    if (process.env.SKIP_BUILD !== "1") {
      console.log("\n# next build");
      if (run(process.execPath, [nextBin, "build"], env) !== 0) throw new Error("next build failed");
    }
    server = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], {
      env,
      stdio: ["ignore", "ignore", process.env.SERVER_LOGS ? "inherit" : "ignore"],
    });
    await waitFor(`${baseUrl}/api/health`, 60_000);
    console.log("\n# API and UI tests (Playwright)");
    status ||= run(process.execPath, [path.join(root, "node_modules", "@playwright", "test", "cli.js"), "test", ...pwArgs], env);
  } catch (err) {
    console.error(err);
    status = 1;
  } finally {
    server?.kill("SIGTERM");
    await stopDb();
  }
  process.exit(status);
}

function unitTestFiles(): string[] {
  const out = spawnSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "*.test.ts"], { encoding: "utf8" });
  return out.stdout.split("\n").filter((f) => f && !f.startsWith("e2e/"));
}

main();
