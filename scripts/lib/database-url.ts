import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import path from "node:path";
import { env } from "../../server/env";
import { acquireCheckoutLock, type LockHolder } from "./checkout-lock";
import type { RunningDb } from "./embedded-db";
import { checkoutSystemDir } from "./pg-binaries";
import { canEnter, embeddedPgUser } from "./postgres-user";
import { freePort } from "./ports";
import { commandLine, isAlive, parentPid } from "./processes";
import { StartError } from "./start-error";

const DEFAULT_PORT = 54329;

/**
 * The database of this process: `DATABASE_URL` when set; otherwise this checkout's
 * embedded PostgreSQL, which has one owner at a time (see checkout-lock.ts).
 * - role "server" (`npm start`) owns it for as long as it runs, and refuses to start while
 *   another process owns it: a second server would lose its database when the first stops.
 * - role "command" (admin CLI, migrate) borrows the one a running `npm start` owns, or
 *   owns one for the length of the command.
 */
export async function resolveDatabase(opts: { role: "server" | "command"; appUrl?: string; root?: string }): Promise<RunningDb> {
  const url = env().DATABASE_URL;
  if (url) return { url, stop: async () => {} };
  const root = opts.root ?? process.cwd();
  const runAs = embeddedPgUser();
  const dataDir = embeddedDataDir(root, runAs);

  const lock = acquireCheckoutLock(path.join(root, ".data", "embedded-postgres.lock"), { role: opts.role, appUrl: opts.appUrl });
  if ("heldBy" in lock) {
    if (opts.role === "command" && lock.heldBy.role === "server") return borrow(dataDir, lock.heldBy);
    throw new StartError(heldMessage(opts.role, lock.heldBy));
  }
  try {
    await stopLeftover(dataDir);
    const port = env().EMBEDDED_PG_PORT ?? ((await isFree(DEFAULT_PORT)) ? DEFAULT_PORT : await freePort());
    console.error(
      "[formhouse] starting embedded PostgreSQL " +
        `(${path.relative(root, dataDir).startsWith("..") ? dataDir : path.relative(root, dataDir)}, port ${port})`,
    );
    // Loaded only when needed: the runner pulls in the binaries package.
    const { startEmbeddedPostgres } = await import("./embedded-db");
    const pg = await startEmbeddedPostgres({ dir: dataDir, port, root });
    return {
      ...pg,
      stop: async () => {
        await pg.stop();
        lock.release();
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

/**
 * `.data/postgres` in the checkout; but as root, when the `postgres` user cannot enter the
 * checkout (under /root, a `mktemp -d`), the checkout's directory under /var/lib/formhouse.
 * A cluster that exists stays where it is.
 */
function embeddedDataDir(root: string, runAs: ReturnType<typeof embeddedPgUser>): string {
  const local = path.join(root, ".data", "postgres");
  mkdirSync(path.dirname(local), { recursive: true, mode: 0o755 });
  if (!runAs || existsSync(path.join(local, "PG_VERSION"))) return local;
  const system = path.join(checkoutSystemDir(root), "postgres");
  if (existsSync(path.join(system, "PG_VERSION")) || !canEnter(runAs, path.dirname(local))) {
    if (!existsSync(path.join(system, "PG_VERSION"))) {
      console.error(
        `[formhouse] running as root: PostgreSQL runs as the \`${runAs.name}\` user, which cannot enter ${root}, ` +
          `so its data lives in ${system}`,
      );
    }
    try {
      mkdirSync(path.dirname(system), { recursive: true, mode: 0o755 });
    } catch (err) {
      throw new StartError(
        `Running as root, the \`${runAs.name}\` user cannot enter ${root}, and ${path.dirname(system)} cannot be created ` +
          `(${(err as NodeJS.ErrnoException).code}): clone Formhouse where that user can enter, or set DATABASE_URL.`,
      );
    }
    return system;
  }
  return local;
}

function heldMessage(role: "server" | "command", holder: LockHolder): string {
  if (holder.role === "server") {
    return (
      `Formhouse is already running from this checkout (pid ${holder.pid}${holder.appUrl ? `, ${holder.appUrl}` : ""}): ` +
      "stop it first, or give this one a PostgreSQL server of its own with DATABASE_URL."
    );
  }
  return role === "server"
    ? `An admin command (pid ${holder.pid}) is using this checkout's embedded PostgreSQL: start again when it has finished.`
    : `Another admin command (pid ${holder.pid}) is using this checkout's embedded PostgreSQL: try again when it has finished.`;
}

/** A command uses the embedded server a running `npm start` owns (its port is in postmaster.pid). */
async function borrow(dataDir: string, holder: LockHolder): Promise<RunningDb> {
  const running = postmaster(dataDir);
  if (!running || !(await accepts(running.port))) {
    throw new StartError(`Formhouse is starting from this checkout (pid ${holder.pid}): try again once it is ready.`);
  }
  // Same credentials as scripts/lib/embedded-db.ts.
  const { embeddedUrl } = await import("./embedded-db");
  return { url: embeddedUrl(running.port), stop: async () => {} };
}

/** postmaster.pid: pid, data directory, start time, port, … (one per line). */
function postmaster(dataDir: string): { pid: number; port: number } | null {
  let lines: string[];
  try {
    lines = readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  // A stale file whose pid now belongs to some other program is not a server.
  const cmd = commandLine(pid);
  if (cmd !== null && !cmd.includes("postgres")) return null;
  return { pid, port };
}

/**
 * A server still running on our data without an owner (its `npm start` was killed) is
 * stopped before ours starts; one that some other live process runs is left alone.
 */
async function stopLeftover(dataDir: string) {
  const running = postmaster(dataDir);
  if (!running) return;
  const parent = parentPid(running.pid);
  if (parent !== null && parent !== 1 && isAlive(parent)) {
    throw new StartError(
      `The embedded PostgreSQL of this checkout (pid ${running.pid}) is run by another process (pid ${parent}): stop that first.`,
    );
  }
  console.error(`[formhouse] stopping the embedded PostgreSQL an earlier run left behind (pid ${running.pid})`);
  try {
    process.kill(running.pid, "SIGINT");
  } catch {
    throw new StartError(
      `The embedded PostgreSQL an earlier run left behind (pid ${running.pid}) is not ours to stop: ` +
        "stop it as its owner, then start again.",
    );
  }
  for (let waited = 0; isAlive(running.pid); waited += 100) {
    if (waited > 15_000)
      throw new StartError(
        `The embedded PostgreSQL an earlier run left behind (pid ${running.pid}) did not stop: stop it, then start again.`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
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
