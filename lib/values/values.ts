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
export type Operand = { kind: "number"; value: string } | { kind: "date"; value: string } | { kind: "timestamp"; value: Date };

const NUMBER_RE = /^\s*-?[0-9]+(\.[0-9]+)?\s*$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(:(\d{2})(\.\d{1,9})?)?(Z|z|[+-]\d{2}(:?\d{2})?)?$/;

/**
 * Instants are sent to PostgreSQL as ISO 8601 in UTC, which has four-digit years only for
 * 0001-01-01T00:00Z … 9999-12-31T23:59:59.999Z (outside, JavaScript writes `+010000-…`,
 * which PostgreSQL misreads): the range every instant we accept must fall in.
 */
const MIN_INSTANT = new Date("0001-01-01T00:00:00.000Z").getTime();
const MAX_INSTANT = new Date("9999-12-31T23:59:59.999Z").getTime();

/** Years 0001–9999 exactly (Date.UTC would read 0–99 as 1900–1999). */
function validCalendarDate(y: number, m: number, d: number): boolean {
  if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1) return false;
  const dt = new Date(0);
  dt.setUTCFullYear(y, m - 1, d);
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

export function parseNumber(raw: string): Operand | null {
  return NUMBER_RE.test(raw) ? { kind: "number", value: raw.trim() } : null;
}

/**
 * `YYYY-MM-DD` → date; an ISO 8601 date-time → timestamp (no offset = UTC); else null.
 * Years are 0001–9999, and a date-time's instant must lie in those years in UTC too
 * (`9999-12-31T23:00:00-01:00` is year 10000 and refused).
 */
export function parseDate(raw: string): Operand | null {
  const s = raw.trim();
  const d = DATE_RE.exec(s);
  if (d) return validCalendarDate(Number(d[1]), Number(d[2]), Number(d[3])) ? { kind: "date", value: s } : null;
  const t = DATETIME_RE.exec(s);
  if (!t || !validCalendarDate(Number(t[1]), Number(t[2]), Number(t[3]))) return null;
  if (Number(t[4]) > 23 || Number(t[5]) > 59 || Number(t[7] ?? 0) > 59) return null;
  const iso = s.replace(" ", "T");
  const when = new Date(t[9] ? iso : `${iso}Z`).getTime();
  if (Number.isNaN(when) || when < MIN_INSTANT || when > MAX_INSTANT) return null;
  return { kind: "timestamp", value: new Date(when) };
}

/**
 * Compares two decimal strings as `parseNumber` accepts them, exactly (doubles would call
 * `0.30000000000000001` and `0.3` equal; PostgreSQL's numeric does not). -1, 0 or 1.
 */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const split = (s: string) => {
    const t = s.trim();
    const negative = t.startsWith("-");
    const [whole = "", fraction = ""] = (negative ? t.slice(1) : t).split(".");
    const int = whole.replace(/^0+/, "");
    const frac = fraction.replace(/0+$/, "");
    // -0 and 0 are equal.
    return { negative: negative && (int !== "" || frac !== ""), int, frac };
  };
  const x = split(a);
  const y = split(b);
  if (x.negative !== y.negative) return x.negative ? -1 : 1;
  const sign = x.negative ? -1 : 1;
  let magnitude: number;
  if (x.int.length !== y.int.length) magnitude = x.int.length < y.int.length ? -1 : 1;
  else if (x.int !== y.int) magnitude = x.int < y.int ? -1 : 1;
  else {
    const width = Math.max(x.frac.length, y.frac.length);
    const fx = x.frac.padEnd(width, "0");
    const fy = y.frac.padEnd(width, "0");
    magnitude = fx === fy ? 0 : fx < fy ? -1 : 1;
  }
  return (magnitude * sign) as -1 | 0 | 1;
}
