import "server-only";
import { db } from "@/db";
import { migrationStatus } from "@/db/migrate";
import { env } from "@/server/env";
import { isStopping } from "@/server/lifecycle";
import { outboxWorkersRunning } from "@/server/outbox/runtime";

/**
 * Whether this instance should be sent requests (`GET /api/ready`, for balancers and
 * orchestrators): it is not stopping, its database answers within READY_TIMEOUT_MS, the
 * database's migrations are this code's, and its outbox workers run (unless WEBHOOK_WORKER=off).
 * `GET /api/health` is liveness only: the process answers.
 */
export type Readiness = { ready: true } | { ready: false; reason: string };

const READY_TIMEOUT_MS = 2000;

/** Once current, the migrations stay so for this process: a newer version refuses to start on this database until this one goes. */
let migrationsCurrent = false;

const timeout = (ms: number) => new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), ms).unref?.());

export async function readiness(): Promise<Readiness> {
  if (isStopping()) return { ready: false, reason: "This instance is stopping." };
  try {
    const client = db().$client;
    await Promise.race([client`select 1`, timeout(READY_TIMEOUT_MS)]);
    if (!migrationsCurrent) {
      const status = await Promise.race([migrationStatus(client), timeout(READY_TIMEOUT_MS)]);
      if (status !== "current") {
        return {
          ready: false,
          reason: status === "behind" ? "The database has migrations to apply." : "The database is newer than this code.",
        };
      }
      migrationsCurrent = true;
    }
  } catch {
    return { ready: false, reason: "The database does not answer." };
  }
  if (env().WEBHOOK_WORKER === "on" && !outboxWorkersRunning()) return { ready: false, reason: "The outbox workers are not running yet." };
  return { ready: true };
}
