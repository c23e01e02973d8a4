/**
 * Structured one-line JSON logs on stderr. Never pass a token, secret or password here:
 * callers log ids and messages only.
 */
type Fields = Record<string, unknown>;

function write(level: string, msg: string, fields: Fields = {}) {
  process.stderr.write(`${JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields })}\n`);
}

export const log = {
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
};

export function logError(msg: string, error: unknown, fields: Fields = {}) {
  const e = error instanceof Error ? error : new Error(String(error));
  write("error", msg, { ...fields, error: e.message, stack: e.stack });
}
