/**
 * `npm start`: the configuration and the port are checked first; then the database
 * (DATABASE_URL, or this checkout's embedded PostgreSQL, owned by one `npm start` at a time),
 * migrations, generated secrets, a production build when there is none or the sources
 * changed, then the server (scripts/serve.ts) on HOST:PORT. It says where it listens once it
 * does, and then how mail is sent (scripts/lib/mail-notices.ts). Every failure is one sentence,
 * never a stack. Ctrl-C stops it all.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createDb } from "../db";
import { runMigrations } from "../db/migrate";
import { parseEnv, type Env } from "../server/env";
import { getOrCreateSecret } from "../server/services/settings";
import type { ServeMessage } from "./serve";
import { needsBuild } from "./lib/build-freshness";
import { resolveDatabase } from "./lib/database-url";
import { explainFailure } from "./lib/explain-failure";
import { checkCanListen } from "./lib/listen";
import { mailNotices } from "./lib/mail-notices";
import { buildNext, serveCommand } from "./lib/next-server";
import type { RunningDb } from "./lib/embedded-db";

const dev = process.argv.includes("--dev");
const say = (line: string) => console.error(`[formhouse] ${line}`);

let database: RunningDb | undefined;
let server: ChildProcess | undefined;
let stopping = false;

/** Stops the server, then the database this process started; exits with `code`. */
async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server!.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
    await database?.stop().catch(() => {});
  }
  process.exit(code);
}

async function main() {
  // Optional .env file (see .env.example); real environment variables win.
  if (existsSync(".env")) process.loadEnvFile?.(".env");
  const env = parseEnv();
  await checkCanListen(env.HOST, env.PORT);

  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));
  database = await resolveDatabase({ role: "server", appUrl: env.APP_URL });
  database.onUnexpectedExit?.(() => {
    say("The embedded PostgreSQL stopped unexpectedly, so Formhouse stops too: start it again.");
    void shutdown(1);
  });

  await runMigrations(database.url);
  const db = createDb(database.url, 1);
  const secret = process.env.NEXTAUTH_SECRET || (await getOrCreateSecret(db, "nextauth_secret"));
  await db.$client.end();

  if (!dev && needsBuild(process.cwd(), process.env.NEXT_DIST_DIR || ".next")) {
    say("building the app (first start, or the sources changed since the last build)");
    if (!buildNext(process.env, { typecheck: false })) {
      say("The build failed (its errors are above): fix them, then start again.");
      await shutdown(1);
    }
  }

  const [cmd, args] = serveCommand(dev);
  server = spawn(cmd, args, {
    stdio: ["inherit", "inherit", "inherit", "ipc"],
    env: {
      ...process.env,
      NODE_ENV: dev ? "development" : "production",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: database.url,
      APP_URL: env.APP_URL,
      NEXTAUTH_URL: process.env.NEXTAUTH_URL || env.APP_URL,
      NEXTAUTH_SECRET: secret,
    },
  });
  server.on("message", (message: ServeMessage) => {
    if (message.type !== "listening") return;
    say(readyLine(env, message.address));
    for (const line of mailNotices(env)) say(line);
  });
  // The server explains its own failures (a taken port, …); a crash ends the start.
  server.on("exit", (code, signal) => {
    if (stopping) return;
    if (signal) say(`The server stopped (${signal}).`);
    void shutdown(signal ? 1 : (code ?? 1));
  });
}

function readyLine(env: Env, address: string): string {
  const everywhere = env.HOST === "0.0.0.0" || env.HOST === "::";
  const hint = everywhere && !process.env.APP_URL ? "; set APP_URL to the address people reach it at, for the links it builds" : "";
  return `ready at ${env.APP_URL} (listening on ${address}${everywhere ? ", every interface" : ""})${hint}`;
}

main().catch(async (err: unknown) => {
  for (const line of explainFailure(err)) say(line);
  await shutdown(1);
});
