import "server-only";
import { DatabaseQueryError, pgErrorFields } from "@/db/query-errors";
import { env } from "@/server/env";
import { currentRequestId } from "@/server/http/request-id";

/**
 * Structured one-line JSON logs on stderr, from LOG_LEVEL up. Never pass a token, secret
 * or password here: callers log ids and messages only. Errors are described by
 * describeError, which keeps a database error's SQLSTATE, names and statement shape but
 * never its parameters.
 */
type Fields = Record<string, unknown>;
export type LogLevel = "debug" | "info" | "warn" | "error";

/** `debug` logs what `info` does: nothing is logged below info today. */
const RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

export type Logger = {
  info(msg: string, fields?: Fields): void;
  warn(msg: string, fields?: Fields): void;
  error(msg: string, error: unknown, fields?: Fields): void;
};

export function createLogger(level: LogLevel, sink: (line: string) => void): Logger {
  const write = (at: LogLevel, msg: string, fields: Fields = {}) => {
    if (RANK[at] < RANK[level]) return;
    const requestId = currentRequestId();
    sink(`${JSON.stringify({ level: at, time: new Date().toISOString(), msg, ...(requestId && { requestId }), ...fields })}\n`);
  };
  return {
    info: (msg, fields) => write("info", msg, fields),
    warn: (msg, fields) => write("warn", msg, fields),
    error: (msg, error, fields) => write("error", msg, { ...fields, ...describeError(error) }),
  };
}

/** What a log line says about an error. */
export function describeError(error: unknown): Fields {
  const chain = causes(error);
  const db = chain.find((e): e is DatabaseQueryError => e instanceof DatabaseQueryError);
  if (db) {
    const { code, severity, constraint_name, table_name, column_name, routine, position } = db;
    const postgres = severity ? { severity, constraint_name, table_name, column_name, routine, position } : undefined;
    return { error: db.message, code, postgres, query: db.query, stack: frames(error) };
  }
  // A query on the raw postgres.js client: PostgreSQL's error has no statement to show.
  const pg = chain.map(pgErrorFields).find((f) => f !== null);
  if (pg) return { error: `Database query failed: ${pg.message} (SQLSTATE ${pg.code})`, postgres: pg, stack: frames(error) };
  const e = error instanceof Error ? error : new Error(String(error));
  return { error: e.message, stack: e.stack };
}

/** The error and its causes (a TRPCError wraps the service's error, and so on). */
function causes(error: unknown): unknown[] {
  const out: unknown[] = [];
  for (let e = error; e !== undefined && e !== null && out.length < 5; e = (e as { cause?: unknown }).cause) out.push(e);
  return out;
}

/** Only the `at …` lines: a wrapper's message (and so its stack header) may copy the cause's. */
function frames(error: unknown): string | undefined {
  const stack = error instanceof Error ? error.stack : undefined;
  return stack
    ?.split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
}

let defaultLogger: Logger | undefined;
const logger = () => (defaultLogger ??= createLogger(env().LOG_LEVEL, (line) => process.stderr.write(line)));

export const log = {
  info: (msg: string, fields?: Fields) => logger().info(msg, fields),
  warn: (msg: string, fields?: Fields) => logger().warn(msg, fields),
};

export function logError(msg: string, error: unknown, fields: Fields = {}) {
  logger().error(msg, error, fields);
}
