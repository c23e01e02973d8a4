import "server-only";
import { and, sql, type SQL } from "drizzle-orm";
import { submissions } from "@/db/schema";
import type { FilterField } from "@/lib/filters/fields";
import { MAX_NUMBER_TEXT } from "@/lib/filters/filter-eval";
import type { Operand } from "@/lib/values/values";
import type { CompareOp, Filter, FilterCondition } from "@/lib/filters/filters";
import { CANONICAL_NUMBER, containsPattern, indexedFilterSql } from "./value-index";

/**
 * SQL for parsed filters. Everything but equality reads the filter index by default
 * (value-index.ts); the JSON expressions below are its definition (the index stores castAs's
 * results) and the JSON engine (jsonFiltersSql). Principles:
 * - equality (is_equal_to, is_not_equal_to, is_in, is_not_in) is jsonb containment
 *   `data @> '{"<id>": <value>}'`, so the GIN (jsonb_path_ops) index answers it;
 * - numbers compare as `numeric` and dates as `date`/`timestamptz`, never as text; every
 *   cast is guarded by a test that admits only what the cast parses, so a stored value of
 *   another shape simply does not match instead of failing the query (no pg_input_is_valid:
 *   it costs ~2 µs a call, and this works on any PostgreSQL version);
 * - a field with several values (multi-select array, repeat-field rows) matches when any
 *   value does;
 * - a negated filter is the exact complement of its positive form (`not coalesce(x, false)`),
 *   so submissions without a value are included by is_not_equal_to, does_not_contain,
 *   is_not_in and not_on.
 * Element ids and values are always bound parameters; only constant SQL is inlined.
 */

const data = submissions.data;

/** The jsonb value at the top-level element. */
const elementJson = (f: FilterField) => sql`(${data} -> ${f.elementId}::text)`;

/**
 * Evaluates `pred(json, text)` on every value of the field and is true when any is:
 * `json` is the stored jsonb value, `text` the same as text (`->>`: a string's content, a
 * number's digits). Choice values that are arrays are unnested.
 */
function anyValue(f: FilterField, pred: (json: SQL, text: SQL) => SQL): SQL {
  const item = pred(sql.raw("fh_item.v"), sql.raw("(fh_item.v #>> '{}')"));
  const anyItem = (j: SQL) => sql`exists (select 1 from jsonb_array_elements(${j}) as fh_item(v) where ${item})`;
  const onValue = (j: SQL, t: SQL) =>
    f.kind === "choice" ? sql`(case when jsonb_typeof(${j}) = 'array' then ${anyItem(j)} else ${pred(j, t)} end)` : pred(j, t);
  const loc = f.location;
  switch (loc.at) {
    case "element":
      return onValue(elementJson(f), sql`(${data} ->> ${f.elementId}::text)`);
    case "subfield":
      return onValue(sql`(${elementJson(f)} -> ${loc.fixedname}::text)`, sql`(${elementJson(f)} ->> ${loc.fixedname}::text)`);
    case "component": {
      const e = elementJson(f);
      const rows = sql`jsonb_array_elements(case when jsonb_typeof(${e}) = 'array' then ${e} else '[]'::jsonb end)`;
      const c = loc.componentId;
      const component = onValue(sql`(fh_row.r -> ${c}::text)`, sql`(fh_row.r ->> ${c}::text)`);
      return sql`exists (select 1 from ${rows} as fh_row(r) where ${component})`;
    }
  }
}

/** The jsonb documents whose containment in `data` means "the field equals v". */
export function containmentDocs(f: FilterField, v: string): string[] {
  const literals = [JSON.stringify(v)];
  if (CANONICAL_NUMBER.test(v)) literals.push(v); // stored as a JSON number
  if (v === "true" || v === "false") literals.push(v); // stored as a JSON boolean
  // Multi-select values are arrays: `{"id": ["v"]}` matches an array containing v.
  if (f.kind === "choice") literals.push(...literals.map((l) => `[${l}]`));
  const key = JSON.stringify(f.elementId);
  const loc = f.location;
  return literals.map((l) => {
    switch (loc.at) {
      case "element":
        return `{${key}:${l}}`;
      case "subfield":
        return `{${key}:{${JSON.stringify(loc.fixedname)}:${l}}}`;
      case "component": // some row has the component equal to v
        return `{${key}:[{${JSON.stringify(loc.componentId)}:${l}}]}`;
    }
  });
}

function equalsAny(f: FilterField, values: string[]): SQL {
  const docs = [...new Set(values.flatMap((v) => containmentDocs(f, v)))];
  return sql`(${sql.join(
    docs.map((d) => sql`${data} @> ${d}::jsonb`),
    sql` or `,
  )})`;
}

// Guards for the casts: constant SQL, no user input. Each accepts only text the cast after it
// always parses, so no stored value can make a filter fail the query.
// White space around a number: only what numeric's input skips (C isspace); the regex's `\s`
// also admits Unicode spaces such as U+00A0, which the cast refuses.
const NUMBER_GUARD = String.raw`'^[ \t\n\r\f\v]*-?[0-9]+(\.[0-9]+)?[ \t\n\r\f\v]*$'`;
const TIME = String.raw`([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,6})?)?`;
/** UTC offsets PostgreSQL accepts: at most ±15:59 (a larger one fails the cast). */
const OFFSET = "([Zz]|[+-](0[0-9]|1[0-5])(:?[0-5][0-9])?)";
/** What may follow a calendar date in a date-time without an offset, and with one. */
const NAIVE_TIME_GUARD = `'^[T ]${TIME}$'`;
const OFFSET_TIME_GUARD = `'^[T ]${TIME}${OFFSET}$'`;

const pad2 = (n: number) => String(n).padStart(2, "0");
/** A year's four digits with every non-zero digit as 1: any of these but 0000. */
const YEAR_SHAPES = Array.from({ length: 15 }, (_, i) => `'${(i + 1).toString(2).padStart(4, "0")}'`).join(", ");
/** `-MM-DD` of every day of a common year (`-02-29` goes by the leap-year rule). */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
  .flatMap((days, m) => Array.from({ length: days }, (_, d) => `'-${pad2(m + 1)}-${pad2(d + 1)}'`))
  .join(", ");
const DIVISIBLE_BY_4 = Array.from({ length: 25 }, (_, i) => `'${pad2(i * 4)}'`).join(", ");

/**
 * `t` starts with a real calendar date: `YYYY-MM-DD`, years 0001–9999, leap years exact.
 * String functions and hashed IN lists, no regex and no cast, so no text can fail it. It
 * replaced a regex that said the same: PostgreSQL runs a regex of that size at ~3 µs a row,
 * this at ~1 µs (bench machine), and every date filter and the index trigger read it.
 */
function calendarDate(t: SQL): SQL {
  const yy = sql`substr(${t}, 3, 2)`;
  const by4 = sql.raw(DIVISIBLE_BY_4);
  const leapYear = sql`(${yy} <> '00' and ${yy} in (${by4}) or ${yy} = '00' and left(${t}, 2) in (${by4}))`;
  const year = sql`translate(left(${t}, 4), '0123456789', '0111111111') in (${sql.raw(YEAR_SHAPES)})`;
  const monthDay = sql`(substr(${t}, 5, 6) in (${sql.raw(MONTH_DAYS)}) or substr(${t}, 5, 6) = '-02-29' and ${leapYear})`;
  return sql`(${t} like '____-__-__%' and ${year} and ${monthDay})`;
}

/**
 * The stored value as a comparable value of the operand's kind, or NULL when it is not one.
 * `j` is the jsonb value, `t` the same as text. Numbers stored as JSON numbers skip the regex;
 * no text over MAX_NUMBER_TEXT characters is a number.
 */
export function castAs(kind: Operand["kind"], j: SQL, t: SQL): SQL {
  switch (kind) {
    case "number":
      return sql.join(
        [
          sql`(case when length(${t}) > ${sql.raw(String(MAX_NUMBER_TEXT))} then null`,
          sql`when jsonb_typeof(${j}) = 'number' then (${j})::numeric`,
          sql`when jsonb_typeof(${j}) = 'string' and ${t} ~ ${sql.raw(NUMBER_GUARD)} then (${t})::numeric end)`,
        ],
        sql` `,
      );
    // A date, or a date-time's date part.
    case "date":
      return sql`(case when ${calendarDate(t)} and substr(${t}, 11, 1) in ('', 'T', ' ') then left(${t}, 10)::date end)`;
    case "timestamp":
      // A stored value without an offset is read as UTC, independent of the session time zone.
      return sql.join(
        [
          sql`(case when not ${calendarDate(t)} then null`,
          sql`when length(${t}) = 10 or substr(${t}, 11) ~ ${sql.raw(NAIVE_TIME_GUARD)} then (${t})::timestamp at time zone 'UTC'`,
          sql`when substr(${t}, 11) ~ ${sql.raw(OFFSET_TIME_GUARD)} then (${t})::timestamptz end)`,
        ],
        sql` `,
      );
  }
}

function operandSql(o: Operand): SQL {
  switch (o.kind) {
    case "number":
      return sql`${o.value}::numeric`;
    case "date":
      return sql`${o.value}::date`;
    case "timestamp":
      return sql`${o.value.toISOString()}::timestamptz`;
  }
}

const RANGE_TYPE = { number: "numrange", date: "daterange", timestamp: "tstzrange" } as const;

/**
 * The text of a stored calendar date as it orders: a real date's first ten characters are
 * `YYYY-MM-DD` with a four-digit year, which sort byte-wise (`collate "C"`) as the dates do,
 * like the operand's. So comparing them first turns away most rows a date filter refuses for
 * the price of a string comparison, before the date guard (~2 µs a row); the cast
 * still decides. A row the text lets through that is no date stays unmatched by the cast.
 */
const dayText = (t: SQL) => sql`left(${t}, 10) collate "C"`;

function compare(j: SQL, t: SQL, cmp: CompareOp, o: Operand): SQL {
  const cast = sql`${castAs(o.kind, j, t)} ${sql.raw(cmp)} ${operandSql(o)}`;
  return o.kind === "date" ? sql`(${dayText(t)} ${sql.raw(cmp)} ${o.value}::text and ${cast})` : cast;
}

/** Inclusive; one evaluation of the stored value when both ends are of one kind. */
function inRange(j: SQL, t: SQL, min: Operand, max: Operand): SQL {
  if (min.kind !== max.kind) return sql`(${compare(j, t, ">=", min)} and ${compare(j, t, "<=", max)})`;
  const range = sql`${sql.raw(RANGE_TYPE[min.kind])}(${operandSql(min)}, ${operandSql(max)}, '[]') @> ${castAs(min.kind, j, t)}`;
  return min.kind === "date" ? sql`(${dayText(t)} between ${min.value}::text and ${max.value}::text and ${range})` : range;
}

/**
 * At least one non-blank leaf: a number, a boolean or a string with a character that is not
 * Unicode white space. The class is spelled out (jsonpath's `\\S` follows the server's locale:
 * PostgreSQL 15 in the C locale calls U+00A0 a letter); migration 0012 has the same text.
 */
export const FILLED_PATH =
  `'strict $.** ? (@.type() == "number" || @.type() == "boolean" || (@.type() == "string" && @ like_regex ` +
  `"[^\\\\t\\\\n\\\\u000b\\\\f\\\\r \\\\u0085\\\\u00a0\\\\u1680\\\\u2000-\\\\u200a\\\\u2028\\\\u2029\\\\u202f\\\\u205f\\\\u3000]"))'`;

function filled(f: FilterField): SQL {
  if (f.location.at === "component") return anyValue(f, (j) => sql`jsonb_path_exists(${j}, ${sql.raw(FILLED_PATH)})`);
  const j = f.location.at === "subfield" ? sql`(${elementJson(f)} -> ${f.location.fixedname}::text)` : elementJson(f);
  return sql`jsonb_path_exists(${j}, ${sql.raw(FILLED_PATH)})`;
}

function conditionSql(f: FilterField, c: FilterCondition): SQL {
  switch (c.op) {
    case "equals":
      return equalsAny(f, c.values);
    case "contains": {
      const pattern = containsPattern(c.text);
      return anyValue(f, (_j, t) => sql`${t} ilike ${pattern}`);
    }
    case "compare":
      return anyValue(f, (j, t) => compare(j, t, c.cmp, c.operand));
    case "range":
      return anyValue(f, (j, t) => inRange(j, t, c.min, c.max));
    case "empty":
      return sql`not coalesce(${filled(f)}, false)`;
  }
}

/**
 * One filter on the filter index where it answers (value-index.ts), else on the JSON. A
 * positive condition stands bare (NULL counts as false in WHERE, and a bare `data @> …` is
 * what lets the planner use the GIN index); a negated one is the complement.
 */
function filterSql(filter: Filter, formId: number, perRow: boolean): SQL {
  return indexedFilterSql(filter.field, filter.condition, filter.negate, formId, perRow) ?? jsonFilterSql(filter);
}

/** The filter tested on the submission's JSON. */
function jsonFilterSql(filter: Filter): SQL {
  const cond = conditionSql(filter.field, filter.condition);
  return filter.negate ? sql`not coalesce(${cond}, false)` : cond;
}

/** A positive equality: `data @> …`, answered by the GIN index. */
const isContainment = (f: Filter) => f.condition.op === "equals" && !f.negate;

export function usesContainmentIndex(filters: readonly Filter[]): boolean {
  return filters.some(isContainment);
}

/**
 * Rough cost of testing a filter on one submission's JSON, to test the cheap ones first:
 * containment and a number's cast are a few function calls; `contains` and is_empty/is_filled
 * scan text or JSON; a date's guard is the dearest (~2 µs a row on the bench machine, against
 * ~0.5 µs for a number).
 */
function rowCost(f: Filter): number {
  const c = f.condition;
  if (c.op === "equals") return 0;
  if (c.op === "compare") return c.operand.kind === "number" ? 1 : 3;
  if (c.op === "range") return c.min.kind === "number" && c.max.kind === "number" ? 1 : 3;
  return 2;
}

/**
 * Filters tested row by row on the JSON, all of which must hold: cheapest first (rowCost),
 * and each later test only on the rows the earlier ones let through. A nested CASE, not
 * ANDed quals: PostgreSQL orders quals by its own estimate, which prices every function
 * alike, and so ran a date's guard (then a regex) on every candidate before a number's cast
 * that rules half of them out (bench: 63 against 45 ms for 10,000 candidates). NULL
 * (unknown) counts as false, as in WHERE.
 */
export function rowTests(filters: readonly Filter[]): SQL | undefined {
  const ordered = [...filters].sort((a, b) => rowCost(a) - rowCost(b)).map(jsonFilterSql);
  return ordered.reduceRight<SQL | undefined>((rest, test) => (rest ? sql`(case when ${test} then ${rest} end)` : test), undefined);
}

/**
 * All filters ANDed, as the listing runs them; undefined when there are none. Everything but
 * equality reads the filter index. With an equality, the containment filters stand bare, for
 * the GIN index, and the others are tested on its candidates (rowTests).
 * `perRow`: tested on a bounded list of rows (see indexedFilterSql).
 */
export function filtersSql(filters: readonly Filter[], formId: number, perRow = false): SQL | undefined {
  if (filters.length === 0) return undefined;
  // With an equality, the GIN index yields the candidates and the other filters are tested on
  // those rows alone: cheaper than joining their index rows, which may be most of the form
  // (bench: 0.4 s against 4 s with a 50 % range beside a 1 % equality).
  if (usesContainmentIndex(filters)) return onContainmentCandidates(filters);
  return and(...filters.map((f) => filterSql(f, formId, perRow)));
}

/**
 * The JSON engine: every filter tested on each submission's JSON (equality still on the GIN
 * index's candidates), as before the filter index existed. The same answers as filtersSql; the
 * differential test and the benchmark's baseline run it (jsonEnginePage), and a plan of several
 * large sets takes it (query/plan.ts).
 */
export function jsonFiltersSql(filters: readonly Filter[]): SQL | undefined {
  return filters.length ? onContainmentCandidates(filters) : undefined;
}

/** The positive equalities bare (the GIN index's candidates), every other filter a row test on them. */
function onContainmentCandidates(filters: readonly Filter[]): SQL | undefined {
  return and(...filters.filter(isContainment).map(jsonFilterSql), rowTests(filters.filter((f) => !isContainment(f))));
}
