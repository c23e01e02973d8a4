import { compareDecimals, type Operand } from "@/lib/values/values";
import type { FilterField } from "./fields";
import type { CompareOp, Filter, FilterCondition } from "./filters";

/**
 * The filters of filters.ts evaluated in memory on one submission's data: the reference the filter engines
 * are tested against (filter-index.test.ts). Plain code, no SQL: every rule written out once.
 * Text folding is ASCII-only (ILIKE in the C locale); "blank" is Unicode white space (FILLED_PATH's class);
 * numbers read as text allow only ASCII white space around them (the SQL regex's `\\s`) and
 * hold at most MAX_NUMBER_TEXT characters.
 */

/**
 * The longest text read as a number (a JSON number's digits included): the filter index
 * (server/services/submissions/filter-sql.ts) keeps numbers in btrees, whose rows hold at most
 * 2,704 bytes, so a longer number (a long-text answer of 20,000 digits) would fail the
 * submission's INSERT in the index trigger. 1,000 digits take ~510 bytes; with the longest
 * element id and member name (200 characters each) a row fits.
 */
export const MAX_NUMBER_TEXT = 1000;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const isObject = (v: unknown): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The values a filter reads for `field`: choice arrays are unnested, a missing value is none. */
function valuesOf(field: FilterField, data: Record<string, Json>, forEmpty = false): Json[] {
  const top = data[field.elementId];
  const spread = (v: Json | undefined): Json[] => {
    if (v === undefined) return [];
    if (field.kind === "choice" && Array.isArray(v) && !(forEmpty && field.location.at !== "component")) return v;
    return [v];
  };
  const loc = field.location;
  switch (loc.at) {
    case "element":
      return spread(top);
    case "subfield":
      return isObject(top) ? spread(top[loc.fixedname]) : [];
    case "component":
      return Array.isArray(top) ? top.flatMap((row) => (isObject(row) ? spread(row[loc.componentId]) : [])) : [];
  }
}

const utf8 = new TextEncoder();
function compareBytes(x: Uint8Array, y: Uint8Array): number {
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

/** PostgreSQL's jsonb text of a value (`#>> '{}'`): keys by length then bytes, ", " and ": ". */
export function jsonbText(v: Json): string | null {
  if (v === null) return null;
  if (typeof v === "string") return v;
  return jsonbOut(v);
}
function jsonbOut(v: Json): string {
  if (v === null) return "null";
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v !== "object") return String(v);
  if (Array.isArray(v)) return `[${v.map(jsonbOut).join(", ")}]`;
  const keys = Object.keys(v).sort((a, b) => {
    const x = utf8.encode(a);
    const y = utf8.encode(b);
    return x.length - y.length || compareBytes(x, y);
  });
  return `{${keys.map((k) => `${JSON.stringify(k)}: ${jsonbOut(v[k]!)}`).join(", ")}}`;
}

const ASCII_SPACE = "[ \\t\\n\\r\\f\\v]";
const NUMBER_TEXT = new RegExp(`^${ASCII_SPACE}*-?[0-9]+(\\.[0-9]+)?${ASCII_SPACE}*$`);

function asNumber(v: Json): string | null {
  if (typeof v === "number") return String(v);
  // Longer numbers are not numbers to a filter (see MAX_NUMBER_TEXT).
  if (typeof v === "string" && v.length <= MAX_NUMBER_TEXT && NUMBER_TEXT.test(v)) return v.trim();
  return null;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (valid or not; checked apart). */
function epochDay(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function realDate(y: number, m: number, d: number): boolean {
  if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
}

const DATE_PREFIX = /^([0-9]{4})-([0-9]{2})-([0-9]{2})($|[T ])/;
const DATE_TIME =
  /^([0-9]{4})-([0-9]{2})-([0-9]{2})(?:[T ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,6}))?)?)?([Zz]|[+-][0-9]{2}(?::?[0-9]{2})?)?$/;

/** The calendar day the text starts with, as YYYY-MM-DD. */
export function asDay(v: Json): string | null {
  const t = jsonbText(v);
  const m = t === null ? null : DATE_PREFIX.exec(t);
  return m && realDate(+m[1]!, +m[2]!, +m[3]!) ? t!.slice(0, 10) : null;
}

/** The instant of a date or date-time text in microseconds (no offset = UTC). */
export function asInstant(v: Json): bigint | null {
  const t = jsonbText(v);
  const m = t === null ? null : DATE_TIME.exec(t);
  if (!m || !realDate(+m[1]!, +m[2]!, +m[3]!)) return null;
  const [h, mi, s] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (h > 23 || mi > 59 || s > 59) return null;
  const offset = m[8];
  if (offset !== undefined && m[4] === undefined) return null; // an offset needs a time
  let offMin = 0;
  if (offset && offset !== "Z" && offset !== "z") {
    const digits = offset.slice(1).replace(":", "");
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2) || 0);
    if (oh > 15 || om > 59) return null; // PostgreSQL's limit: ±15:59
    offMin = (offset[0] === "-" ? -1 : 1) * (oh * 60 + om);
  }
  const micros = BigInt((m[7] ?? "").padEnd(6, "0") || "0");
  const seconds = BigInt(epochDay(+m[1]!, +m[2]!, +m[3]!)) * 86400n + BigInt(h * 3600 + mi * 60 + s - offMin * 60);
  return seconds * 1_000_000n + micros;
}

function operandInstant(o: Operand): bigint {
  if (o.kind === "timestamp") return BigInt(o.value.getTime()) * 1000n;
  const [y, m, d] = o.value.split("-").map(Number) as [number, number, number];
  return BigInt(epochDay(y, m, d)) * 86_400_000_000n;
}

function cmpResult(c: number, op: CompareOp): boolean {
  return op === ">" ? c > 0 : op === ">=" ? c >= 0 : op === "<" ? c < 0 : op === "<=" ? c <= 0 : c === 0;
}

/** The stored value against the operand, as the operand's kind reads it; null when unreadable. */
function compareValue(v: Json, o: Operand): number | null {
  switch (o.kind) {
    case "number": {
      const n = asNumber(v);
      return n === null ? null : compareDecimals(n, o.value);
    }
    case "date": {
      const d = asDay(v);
      return d === null ? null : d < o.value ? -1 : d > o.value ? 1 : 0;
    }
    case "timestamp": {
      const t = asInstant(v);
      if (t === null) return null;
      const x = operandInstant(o);
      return t < x ? -1 : t > x ? 1 : 0;
    }
  }
}

const foldAscii = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
/** FILLED_PATH's class (filter-sql.ts): anything but Unicode white space. */
const NON_BLANK = /[^\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;

function filled(v: Json): boolean {
  if (typeof v === "number" || typeof v === "boolean") return true;
  if (typeof v === "string") return NON_BLANK.test(v);
  if (v === null) return false;
  return (Array.isArray(v) ? v : Object.values(v)).some(filled);
}

const CANONICAL_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** jsonb containment of the filter value: the same string, or the same number / boolean. */
function equalsValue(stored: Json, want: string): boolean {
  if (typeof stored === "string") return stored === want;
  if (typeof stored === "number") return CANONICAL_NUMBER.test(want) && compareDecimals(String(stored), want) === 0;
  if (typeof stored === "boolean") return String(stored) === want;
  return false;
}

function equalsAny(field: FilterField, data: Record<string, Json>, values: readonly string[]): boolean {
  // Containment: a choice field also matches an array holding the value; nothing else unnests.
  const stored = valuesOf(field, data);
  return stored.some((v) => values.some((w) => equalsValue(v, w)));
}

function holds(field: FilterField, c: FilterCondition, data: Record<string, Json>): boolean {
  switch (c.op) {
    case "equals":
      return equalsAny(field, data, c.values);
    case "contains": {
      const needle = foldAscii(c.text);
      return valuesOf(field, data).some((v) => {
        const t = jsonbText(v);
        return t !== null && foldAscii(t).includes(needle);
      });
    }
    case "compare":
      return valuesOf(field, data).some((v) => {
        const r = compareValue(v, c.operand);
        return r !== null && cmpResult(r, c.cmp);
      });
    case "range":
      return valuesOf(field, data).some((v) => {
        const lo = compareValue(v, c.min);
        const hi = compareValue(v, c.max);
        return lo !== null && hi !== null && lo >= 0 && hi <= 0;
      });
    case "empty":
      return !valuesOf(field, data, true).some(filled);
  }
}

/** Whether a submission's data passes every filter. */
export function matchesFilters(filters: readonly Filter[], data: Record<string, unknown>): boolean {
  return filters.every((f) => holds(f.field, f.condition, data as Record<string, Json>) !== f.negate);
}
