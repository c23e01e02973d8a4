import { linkSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { isAlive, processStart } from "./processes";
import { StartError } from "./start-error";

/**
 * Who owns a checkout's embedded PostgreSQL: one `npm start` (the server) or one admin
 * command. A lock file names the owner; a lock whose process is gone is stale and taken over.
 */
export type LockHolder = {
  pid: number;
  /** The process's start time (Linux), so that a reused pid is not mistaken for the owner. */
  started: string | null;
  role: "server" | "command";
  /** Where the server answers (role "server"). */
  appUrl?: string;
};

export type CheckoutLock = { release: () => void };

/** Takes the lock, or says who holds it. */
export function acquireCheckoutLock(file: string, me: Pick<LockHolder, "role" | "appUrl">): CheckoutLock | { heldBy: LockHolder } {
  const holder: LockHolder = { pid: process.pid, started: processStart(process.pid), ...me };
  const staging = `${file}.${process.pid}`;
  try {
    writeFileSync(staging, JSON.stringify(holder));
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        // link() fails if the lock exists: creating it with its content is one atomic step.
        linkSync(staging, file);
        const release = () => {
          if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
        };
        process.once("exit", release);
        return { release };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      }
      const current = readHolder(file);
      if (current && isRunning(current)) return { heldBy: current };
      rmSync(file, { force: true });
    }
    throw new Error("the lock kept changing hands");
  } catch (err) {
    throw new StartError(`Could not take the lock ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`);
  } finally {
    try {
      unlinkSync(staging);
    } catch {}
  }
}

/** The holder named in a lock file, if it is readable. */
export function readHolder(file: string): LockHolder | null {
  try {
    const h = JSON.parse(readFileSync(file, "utf8")) as LockHolder;
    return Number.isInteger(h.pid) && h.pid > 0 ? h : null;
  } catch {
    return null;
  }
}

/** Whether the lock's process still runs (the same process, not a reused pid). */
export function isRunning(holder: Pick<LockHolder, "pid" | "started">): boolean {
  if (holder.pid === process.pid || !isAlive(holder.pid)) return false;
  const started = processStart(holder.pid);
  return holder.started === null || started === null || started === holder.started;
}
