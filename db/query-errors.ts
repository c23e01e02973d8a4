import "server-only";
import { DrizzleQueryError } from "drizzle-orm";
import { PgPreparedQuery } from "drizzle-orm/pg-core";
import postgres from "postgres";
import { noteQueryFailure } from "./availability";

/**
 * Database errors that are safe to log anywhere. drizzle's own error says
 * `Failed query: … params: …`, and PostgreSQL's `detail` repeats row values
 * (`Key (email)=(…) already exists`): user data, password and token hashes would reach
 * whatever prints the error — our log, Next's console, a TRPCError copying the message.
 * So every query error is replaced where it is born by a DatabaseQueryError that carries
 * the statement's shape (SQL with $1 placeholders) and PostgreSQL's code, names and
 * message, never the parameters or the detail.
 */

/** The parts of a PostgreSQL error that name things, never values (postgres.js's field names). */
export type PgErrorFields = {
  code: string;
  severity?: string;
  message: string;
  constraint_name?: string;
  table_name?: string;
  column_name?: string;
  routine?: string;
  position?: string;
};

/**
 * A failed query. Like postgres.js's PostgresError it has `code` and `constraint_name` (so
 * `isUniqueViolation` and friends work unchanged), but no `detail`, and no parameters.
 */
export class DatabaseQueryError extends Error {
  /** The statement as sent, with `$1` placeholders: its shape, no values. */
  readonly query: string;
  /** SQLSTATE, or Node's code when PostgreSQL never answered (ECONNREFUSED, …). */
  readonly code: string | undefined;
  readonly severity?: string;
  readonly constraint_name?: string;
  readonly table_name?: string;
  readonly column_name?: string;
  readonly routine?: string;
  readonly position?: string;

  constructor(query: string, cause: unknown) {
    const pg = pgErrorFields(cause);
    const other = pg ? undefined : otherFailure(cause);
    super(pg ? `Database query failed: ${pg.message} (SQLSTATE ${pg.code})` : `Database query failed: ${other!.message}`);
    this.name = "DatabaseQueryError";
    this.query = query;
    this.code = pg?.code ?? other?.code;
    // A lost connection makes the whole process answer 503 until one works again (./availability.ts).
    noteQueryFailure(this.code);
    if (pg) {
      const { message: _message, ...names } = pg;
      Object.assign(this, names);
    }
  }
}

/** PostgreSQL's error without `detail`, `hint` or `where`, which may quote row values. */
export function pgErrorFields(error: unknown): PgErrorFields | null {
  if (!(error instanceof postgres.PostgresError)) return null;
  return {
    code: error.code,
    severity: error.severity,
    message: safePgMessage(error.code, error.message),
    constraint_name: error.constraint_name,
    table_name: error.table_name,
    column_name: error.column_name,
    routine: error.routine,
    position: error.position,
  };
}

/**
 * Data exceptions (SQLSTATE class 22) quote the offending value in the message
 * (`invalid input syntax for type uuid: "…"`); other classes quote only names.
 */
function safePgMessage(code: string, message: string): string {
  return code.startsWith("22") ? message.replace(/"(?:[^"]|"")*"/g, '"…"') : message;
}

/** A failure before PostgreSQL answered: Node's code and message (they hold no values). */
function otherFailure(error: unknown): { message: string; code: string | undefined } {
  if (!(error instanceof Error)) return { message: "unknown error", code: undefined };
  const code = (error as { code?: unknown }).code;
  return { message: error.message, code: typeof code === "string" ? code : undefined };
}

/**
 * Every drizzle query on PostgreSQL (plain, prepared, in a transaction, `execute`) runs
 * through PgPreparedQuery.queryWithCache, which wraps failures in DrizzleQueryError: swap
 * that for a DatabaseQueryError once, for the whole process.
 */
const PATCHED = Symbol.for("formhouse.safeQueryErrors");
type Patchable = { queryWithCache: (this: unknown, ...args: unknown[]) => Promise<unknown>; [PATCHED]?: true };

function installSafeQueryErrors() {
  const proto = PgPreparedQuery.prototype as unknown as Patchable;
  if (proto[PATCHED]) return;
  if (typeof proto.queryWithCache !== "function") {
    // A drizzle upgrade moved the hook: fail loudly rather than log parameters again.
    throw new Error("drizzle-orm changed: PgPreparedQuery.queryWithCache is gone (see db/query-errors.ts)");
  }
  const original = proto.queryWithCache;
  proto.queryWithCache = async function (this: unknown, ...args: unknown[]) {
    try {
      return await original.apply(this, args);
    } catch (error) {
      if (error instanceof DrizzleQueryError) throw new DatabaseQueryError(error.query, error.cause);
      throw error;
    }
  };
  proto[PATCHED] = true;
}

installSafeQueryErrors();
