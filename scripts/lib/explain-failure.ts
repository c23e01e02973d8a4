import { MigrationsAheadError } from "../../db/migrate";
import { ConfigError } from "../../server/env";
import { StartError } from "./start-error";

/** What PostgreSQL or the network said, by code, when reaching the database failed. */
const DATABASE_FAILURES: Record<string, string> = {
  ECONNREFUSED: "Could not reach the PostgreSQL server of DATABASE_URL (connection refused): is it running, on that host and port?",
  ENOTFOUND: "The host in DATABASE_URL does not resolve: check its spelling.",
  EAI_AGAIN: "The host in DATABASE_URL does not resolve: check its spelling.",
  ETIMEDOUT: "The PostgreSQL server of DATABASE_URL did not answer in time: is it reachable from here?",
  CONNECT_TIMEOUT: "The PostgreSQL server of DATABASE_URL did not answer in time: is it reachable from here?",
  "28P01": "PostgreSQL refused the user name or password in DATABASE_URL.",
  "28000": "PostgreSQL does not allow this connection (pg_hba.conf): allow it, or check the user in DATABASE_URL.",
  "3D000": "The database named in DATABASE_URL does not exist: create it (createdb), then start again.",
};

/**
 * A start-up failure as the lines to print: one sentence per problem, never a stack
 * (FORMHOUSE_DEBUG=1 adds it for an unexpected error).
 */
export function explainFailure(err: unknown): string[] {
  if (err instanceof StartError) return [err.message];
  if (err instanceof MigrationsAheadError) return [err.message];
  if (err instanceof ConfigError) return err.message.split("\n");
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && DATABASE_FAILURES[code]) return [DATABASE_FAILURES[code]];
  }
  const first = (err instanceof Error ? err.message : String(err)).split("\n")[0]!.trim();
  const lines = [`Could not start: ${first}${/[.!?]$/.test(first) ? "" : "."}`];
  if (process.env.FORMHOUSE_DEBUG === "1" && err instanceof Error && err.stack) lines.push(err.stack);
  return lines;
}
