/**
 * Numbers and dates as clients write them in filters, prefills and expiry dates: one parser
 * each, so every surface accepts and refuses the same spellings.
 */

/**
 * A comparison operand, already validated:
 * - number: decimal text (`-12.5`), compared as `numeric`
 * - date: `YYYY-MM-DD`, compared with the stored value's calendar date
 * - timestamp: an instant, compared with the stored value as a timestamp (a stored value
 *   without an offset counts as UTC)
 */
export type Operand =
  | { kind: "number"; value: string }
  | { kind: "date"; value: string }
  | { kind: "timestamp"; value: Date };

const NUMBER_RE = /^\s*-?[0-9]+(\.[0-9]+)?\s*$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(:(\d{2})(\.\d{1,9})?)?(Z|z|[+-]\d{2}(:?\d{2})?)?$/;

function validCalendarDate(y: number, m: number, d: number): boolean {
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

export function parseNumber(raw: string): Operand | null {
  return NUMBER_RE.test(raw) ? { kind: "number", value: raw.trim() } : null;
}

/** `YYYY-MM-DD` → date; an ISO 8601 date-time → timestamp (no offset = UTC); else null. */
export function parseDate(raw: string): Operand | null {
  const s = raw.trim();
  const d = DATE_RE.exec(s);
  if (d) return validCalendarDate(Number(d[1]), Number(d[2]), Number(d[3])) ? { kind: "date", value: s } : null;
  const t = DATETIME_RE.exec(s);
  if (!t || !validCalendarDate(Number(t[1]), Number(t[2]), Number(t[3]))) return null;
  if (Number(t[4]) > 23 || Number(t[5]) > 59 || Number(t[7] ?? 0) > 59) return null;
  const iso = s.replace(" ", "T");
  const when = new Date(t[9] ? iso : `${iso}Z`);
  return Number.isNaN(when.getTime()) ? null : { kind: "timestamp", value: when };
}

