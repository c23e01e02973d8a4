import { and, sql, type SQL } from "drizzle-orm";
import { submissions } from "@/db/schema";
import type { FilterField } from "./fields";
import type { CompareOp, Filter, FilterCondition, Operand } from "./filters";

/**
 * SQL for parsed filters. Principles:
 * - equality (is_equal_to, is_not_equal_to, is_in, is_not_in) is jsonb containment
 *   `data @> '{"<id>": <value>}'`, so the GIN (jsonb_path_ops) index answers it;
 * - numbers compare as `numeric` and dates as `date`/`timestamptz`, never as text; every
 *   cast is guarded (regex / pg_input_is_valid) so a stored value of another shape simply
 *   does not match instead of failing the query;
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
  const onValue = (j: SQL, t: SQL) =>
    f.kind === "choice"
      ? sql`(case when jsonb_typeof(${j}) = 'array' then exists (select 1 from jsonb_array_elements(${j}) as fh_item(v) where ${pred(sql.raw("fh_item.v"), sql.raw("(fh_item.v #>> '{}')"))}) else ${pred(j, t)} end)`
      : pred(j, t);
  const loc = f.location;
  switch (loc.at) {
    case "element":
      return onValue(elementJson(f), sql`(${data} ->> ${f.elementId}::text)`);
    case "subfield":
      return onValue(sql`(${elementJson(f)} -> ${loc.fixedname}::text)`, sql`(${elementJson(f)} ->> ${loc.fixedname}::text)`);
    case "component": {
      const rows = sql`jsonb_array_elements(case when jsonb_typeof(${elementJson(f)}) = 'array' then ${elementJson(f)} else '[]'::jsonb end)`;
      const c = loc.componentId;
      return sql`exists (select 1 from ${rows} as fh_row(r) where ${onValue(sql`(fh_row.r -> ${c}::text)`, sql`(fh_row.r ->> ${c}::text)`)})`;
    }
  }
}

const CANONICAL_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

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

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// Guards for the casts. Constant SQL, no user input.
const NUMBER_GUARD = String.raw`'^\s*-?[0-9]+(\.[0-9]+)?\s*$'`;
const DAY_GUARD = String.raw`'^[0-9]{4}-[0-9]{2}-[0-9]{2}($|[T ])'`;
const NAIVE_TS_GUARD = String.raw`'^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?)?$'`;
const OFFSET_TS_GUARD = String.raw`'^[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?([Zz]|[+-][0-9]{2}(:?[0-9]{2})?)$'`;

/** The stored text as a comparable value of the operand's kind, or NULL when it is not one. */
function castAs(kind: Operand["kind"], t: SQL): SQL {
  switch (kind) {
    case "number":
      return sql`(case when ${t} ~ ${sql.raw(NUMBER_GUARD)} then (${t})::numeric end)`;
    case "date":
      return sql`(case when ${t} ~ ${sql.raw(DAY_GUARD)} and pg_input_is_valid(left(${t}, 10), 'date') then left(${t}, 10)::date end)`;
    case "timestamp":
      return sql`(case when ${t} ~ ${sql.raw(NAIVE_TS_GUARD)} and pg_input_is_valid(${t}, 'timestamp') then (${t})::timestamp at time zone 'UTC' when ${t} ~ ${sql.raw(OFFSET_TS_GUARD)} and pg_input_is_valid(${t}, 'timestamptz') then (${t})::timestamptz end)`;
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

function compare(t: SQL, cmp: CompareOp, o: Operand): SQL {
  return sql`${castAs(o.kind, t)} ${sql.raw(cmp)} ${operandSql(o)}`;
}

/** At least one non-blank leaf: a number, a boolean or a string with a non-space character. */
const FILLED_PATH = `'strict $.** ? (@.type() == "number" || @.type() == "boolean" || (@.type() == "string" && @ like_regex "\\\\S"))'`;

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
      const pattern = `%${escapeLike(c.text)}%`;
      return anyValue(f, (_j, t) => sql`${t} ilike ${pattern}`);
    }
    case "compare":
      return anyValue(f, (_j, t) => compare(t, c.cmp, c.operand));
    case "range":
      return anyValue(f, (_j, t) => sql`(${compare(t, ">=", c.min)} and ${compare(t, "<=", c.max)})`);
    case "empty":
      return sql`not coalesce(${filled(f)}, false)`;
  }
}

/**
 * A positive condition stands bare (NULL counts as false in WHERE, and a bare
 * `data @> …` is what lets the planner use the GIN index); a negated one is the complement.
 */
export function filterSql(filter: Filter): SQL {
  const cond = conditionSql(filter.field, filter.condition);
  return filter.negate ? sql`not coalesce(${cond}, false)` : cond;
}

/** All filters ANDed; undefined when there are none. */
export function filtersSql(filters: readonly Filter[]): SQL | undefined {
  if (filters.length === 0) return undefined;
  return and(...filters.map(filterSql));
}
