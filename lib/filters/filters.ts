import { AppError } from "@/lib/errors";
import { textProblem } from "@/lib/values/text";
import { compareDecimals, parseDate, parseNumber, type Operand } from "@/lib/values/values";
import type { FieldResolver, FilterField } from "./fields";

/** The 17 filter types of `GET /api/v2/submissions`, in the order its OpenAPI description and errors list them. */
export const FILTER_TYPES = [
  "is_equal_to",
  "is_not_equal_to",
  "contains",
  "does_not_contain",
  "is_greater_than",
  "is_greater_than_or_equal_to",
  "is_less_than",
  "is_less_than_or_equal_to",
  "before",
  "after",
  "on",
  "not_on",
  "is_empty",
  "is_filled",
  "is_in",
  "is_not_in",
  "in_range",
] as const;
export type FilterType = (typeof FILTER_TYPES)[number];
const FILTER_TYPE_SET: ReadonlySet<string> = new Set(FILTER_TYPES);

/** More filters than this in one request is a 400 (keeps the SQL bounded). */
export const MAX_FILTERS = 50;
/** Items in one is_in / is_not_in list. */
export const MAX_LIST_VALUES = 100;

export type CompareOp = ">" | ">=" | "<" | "<=" | "=";

export type FilterCondition =
  /** Exact match of any of `values` (is_equal_to: one value; is_in: a list). */
  | { op: "equals"; values: string[] }
  /** Case-insensitive substring. */
  | { op: "contains"; text: string }
  | { op: "compare"; cmp: CompareOp; operand: Operand }
  /** Inclusive. */
  | { op: "range"; min: Operand; max: Operand }
  | { op: "empty" };

export type Filter = {
  /** The query parameter as given, e.g. `Age__is_greater_than`. */
  param: string;
  type: FilterType;
  field: FilterField;
  /** The submission matches when the condition is true, or (negate) when it is not true. */
  condition: FilterCondition;
  negate: boolean;
};

/** `on` / `not_on` compare calendar days: a date-time operand counts by its written date. */
function parseDay(raw: string): Operand | null {
  const op = parseDate(raw);
  if (!op) return null;
  return op.kind === "date" ? op : { kind: "date", value: raw.trim().slice(0, 10) };
}

const DATE_HINT = "a date (YYYY-MM-DD or ISO 8601 date-time)";

/** Parses a comparison operand by the field's type (spec: numbers as numbers, dates as dates). */
function parseOperand(field: FilterField, param: string, raw: string): Operand {
  if (field.compareAs === "number") {
    const n = parseNumber(raw);
    if (!n) throw bad(`${param} needs a number, got "${raw}"`);
    return n;
  }
  if (field.compareAs === "date") {
    const d = parseDate(raw);
    if (!d) throw bad(`${param} needs ${DATE_HINT}, got "${raw}"`);
    return d;
  }
  const op = parseNumber(raw) ?? parseDate(raw);
  if (!op) throw bad(`${param} needs a number or ${DATE_HINT}, got "${raw}"`);
  return op;
}

function parseDateOperand(param: string, raw: string, day: boolean): Operand {
  const d = day ? parseDay(raw) : parseDate(raw);
  if (!d) throw bad(`${param} needs ${DATE_HINT}, got "${raw}"`);
  return d;
}

function sameKind(a: Operand, b: Operand): boolean {
  const k = (o: Operand) => (o.kind === "number" ? "number" : "date");
  return k(a) === k(b);
}

/** The instant a date operand starts (its UTC midnight) or a timestamp operand is. */
const instantOf = (o: Operand) =>
  o.kind === "date" ? Date.parse(`${o.value}T00:00:00Z`) : o.kind === "timestamp" ? o.value.getTime() : NaN;

/**
 * min > max, compared as PostgreSQL will: numbers exactly as decimals (as doubles,
 * `0.30000000000000001,0.3` would pass here and fail in numrange), dates by their instant.
 */
function minAboveMax(min: Operand, max: Operand): boolean {
  if (min.kind === "number" && max.kind === "number") return compareDecimals(min.value, max.value) > 0;
  return instantOf(min) > instantOf(max);
}

function bad(message: string): AppError {
  return new AppError("BAD_REQUEST", message);
}

/** A comma-separated list; items are trimmed, empty items dropped. */
function splitList(raw: string): string[] {
  return raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/**
 * For choice fields the stored value is the option `value`; a filter may also name the
 * option by its label or id, which is translated to its value.
 */
function choiceValue(field: FilterField, v: string): string {
  const options = field.options;
  if (!options?.length || options.some((o) => o.value === v)) return v;
  return (options.find((o) => o.label === v) ?? options.find((o) => o.id === v))?.value ?? v;
}

function parseBooleanFlag(param: string, raw: string): boolean {
  const v = raw.trim().toLowerCase();
  if (v === "true") return true;
  if (v === "false") return false;
  throw bad(`${param} must be true or false`);
}

/** The comparison each ordering filter makes. */
const ORDERING = {
  is_greater_than: ">",
  is_greater_than_or_equal_to: ">=",
  is_less_than: "<",
  is_less_than_or_equal_to: "<=",
  before: "<",
  after: ">",
} as const satisfies Partial<Record<FilterType, CompareOp>>;

/** Builds one filter; throws a 400 AppError naming the parameter when the value is invalid. */
export function buildFilter(field: FilterField, type: FilterType, param: string, raw: string): Filter {
  const make = (condition: FilterCondition, negate = false): Filter => ({ param, type, field, condition, negate });
  // The input guard's text rule, here for filters: only this code knows which parameters it reads.
  const problem = textProblem(raw);
  if (problem) throw bad(`${param} ${problem}`);

  if (field.kind === "structured" && type !== "is_empty" && type !== "is_filled") {
    throw bad(`${param}: ${type} is not supported on ${field.elementType} fields; use is_empty or is_filled`);
  }

  switch (type) {
    case "is_equal_to":
    case "is_not_equal_to":
      return make({ op: "equals", values: [choiceValue(field, raw)] }, type === "is_not_equal_to");
    case "is_in":
    case "is_not_in": {
      const values = splitList(raw);
      if (values.length === 0) throw bad(`${param} needs a comma-separated list of values`);
      if (values.length > MAX_LIST_VALUES) throw bad(`${param}: too many values (max ${MAX_LIST_VALUES})`);
      return make({ op: "equals", values: [...new Set(values.map((v) => choiceValue(field, v)))] }, type === "is_not_in");
    }
    case "contains":
    case "does_not_contain":
      return make({ op: "contains", text: raw }, type === "does_not_contain");
    case "is_greater_than":
    case "is_greater_than_or_equal_to":
    case "is_less_than":
    case "is_less_than_or_equal_to":
      return make({ op: "compare", cmp: ORDERING[type], operand: parseOperand(field, param, raw) });
    case "before":
    case "after":
      return make({ op: "compare", cmp: ORDERING[type], operand: parseDateOperand(param, raw, false) });
    case "on":
    case "not_on":
      return make({ op: "compare", cmp: "=", operand: parseDateOperand(param, raw, true) }, type === "not_on");
    case "is_empty":
    case "is_filled": {
      // `true` asks for the named state, `false` for its inverse.
      const want = parseBooleanFlag(param, raw);
      return make({ op: "empty" }, (type === "is_empty") !== want);
    }
    case "in_range": {
      const parts = raw.split(",");
      const usage = `${param} needs "<min>,<max>" (two numbers or two dates), got "${raw}"`;
      if (parts.length !== 2 || !parts[0]!.trim() || !parts[1]!.trim()) throw bad(usage);
      let min: Operand, max: Operand;
      try {
        min = parseOperand(field, param, parts[0]!);
        max = parseOperand(field, param, parts[1]!);
      } catch {
        throw bad(usage);
      }
      if (!sameKind(min, max)) throw bad(usage);
      if (minAboveMax(min, max)) throw bad(`${param}: min must not be greater than max`);
      return make({ op: "range", min, max });
    }
  }
}

/** One query parameter, `[key, value]`; a repeated key is several of these. */
export type FilterParam = readonly [key: string, value: string];

/**
 * Turns `<field>__<filter_type>=<value>` query parameters into filters (`GET /api/v2/submissions`).
 *
 * - `field` is an element id or an exact label; a name/address sub-field by its own label.
 * - a parameter without `__` — or whose whole name is a field (a label containing `__`) —
 *   is a bare `field=value` and is ignored.
 * - the filter type is the text after the last `__`.
 * - unknown fields → 400 `Unknown filter field(s): A, B` (in the order given);
 *   then unknown filter types on known fields → 400 listing the valid types;
 *   then the first invalid value → 400 naming the parameter.
 * - a parameter given several times is several filters (all must match).
 * `fields` is the form's resolver, built once per request by the caller.
 */
export function parseFilters(fields: FieldResolver, params: readonly FilterParam[]): Filter[] {
  const unknownFields: string[] = [];
  const unknownTypes: string[] = [];
  const pending: { field: FilterField; type: FilterType; param: string; value: string }[] = [];

  for (const [param, value] of params) {
    const cut = param.lastIndexOf("__");
    if (cut < 0 || fields.resolve(param)) continue;
    const name = param.slice(0, cut);
    const type = param.slice(cut + 2);
    const field = fields.resolve(name);
    if (!field) {
      if (!unknownFields.includes(name)) unknownFields.push(name);
    } else if (!FILTER_TYPE_SET.has(type)) {
      if (!unknownTypes.includes(param)) unknownTypes.push(param);
    } else {
      pending.push({ field, type: type as FilterType, param, value });
    }
  }

  if (unknownFields.length) throw bad(`Unknown filter field(s): ${unknownFields.join(", ")}`);
  if (unknownTypes.length) {
    throw bad(`Unknown filter type(s): ${unknownTypes.join(", ")}. Valid filter types: ${FILTER_TYPES.join(", ")}`);
  }
  if (pending.length > MAX_FILTERS) throw bad(`too many filters (max ${MAX_FILTERS})`);
  return pending.map((p) => buildFilter(p.field, p.type, p.param, p.value));
}
