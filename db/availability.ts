import "server-only";

/**
 * Whether this process can reach PostgreSQL, as its queries see it. A query that fails for want
 * of a connection (refused, reset, timed out, the server shutting down or starting up, too many
 * clients) marks the database unreachable; the server script (scripts/serve.ts) then answers
 * every request with a 503 at once, rather than letting each wait for its own failure, and probes
 * until a connection works again. The state sits on globalThis: the server script and each route's
 * bundle are separate module graphs in one process.
 */
type State = { unreachableSince?: number; listeners: Set<() => void> };
const globalForAvailability = globalThis as unknown as { formhouseAvailability?: State };
const state = (): State => (globalForAvailability.formhouseAvailability ??= { listeners: new Set() });

/** Node's and postgres.js's codes for a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
]);

/**
 * SQLSTATEs that say the server is not there for us: class 08 (connection exception), 57P01-57P03
 * (shutdown, crash, starting up) and 53300 (too many connections).
 */
export function isConnectionFailure(code: string | undefined): boolean {
  if (!code) return false;
  return CONNECTION_CODES.has(code) || code.startsWith("08") || /^57P0[1-3]$/.test(code) || code === "53300";
}

/** A query failed with `code`: when it is a connection failure, the database is marked unreachable. */
export function noteQueryFailure(code: string | undefined): void {
  if (!isConnectionFailure(code)) return;
  const s = state();
  if (s.unreachableSince !== undefined) return;
  s.unreachableSince = Date.now();
  for (const listener of s.listeners) listener();
}

/** A connection works again (the server script's probe). */
export function markDatabaseReachable(): void {
  state().unreachableSince = undefined;
}

/** Since when queries fail for want of a connection; undefined while they do not. */
export const databaseUnreachableSince = (): number | undefined => state().unreachableSince;

/** Calls `listener` each time the database becomes unreachable. */
export function onDatabaseUnreachable(listener: () => void): void {
  state().listeners.add(listener);
}
