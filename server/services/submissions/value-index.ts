import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { submissions, submissionValueCounts, submissionValues } from "@/db/schema";
import type { Operand } from "@/lib/values/values";
import type { FilterField } from "@/lib/filters/fields";
import type { CompareOp, FilterCondition } from "@/lib/filters/filters";

/**
 * Filters answered by the filter index (`submission_values`, see db/schema/submission-values.ts):
 * ordered comparisons, ranges, dates, contains and is_empty/is_filled. Each is an
 * `exists (…)` over the index rows of one field, so the planner can run it as a semi-join
 * (or, negated, an anti-join) driven by a btree range or the trigram index, instead of
 * casting every submission's JSON.
 *
 * The rows hold the values exactly as filter-sql.ts's castAs reads them (the migration
 * copies its casts), one row per place a filter reads: so `exists` over the rows of the
 * field's places is the same predicate as filter-sql's `anyValue` over the JSON, and its
 * negation (`not exists`) the same complement. Which rows a field reads:
 * - loc: its location (element 0, sub-field 1, repeat-field component 2) and `sub`;
 * - shape: a choice field reads the items of an array value (0 = a value that is not an
 *   array, 2 = an array's item); any other field reads the value itself, array or not (0, 1);
 *   is_empty on an element or sub-field always reads the value itself.
 */

const sv = submissionValues;

const LOC = { element: 0, subfield: 1, component: 2 } as const;
const VALUE_ITSELF = sql.raw("(0, 1)");
const CHOICE_VALUES = sql.raw("(0, 2)");

/**
 * The index rows of `f`'s places with `shapes` in form `formId`: of the enclosing query's
 * submission when `perSubmission`, else all of them. The form is a constant, not the outer
 * row's `form_id`: PostgreSQL may run an `exists` as a hashed set of the whole subquery, and
 * then only a constant bounds the index's leading column (PostgreSQL 15 scanned the whole
 * num index for a 1 % comparison, 82 ms; 18 skips through it).
 */
function placeRows(f: FilterField, shapes: SQL, formId: number, perSubmission = false): SQL {
  const loc = f.location;
  const sub = loc.at === "subfield" ? loc.fixedname : loc.at === "component" ? loc.componentId : "";
  const owner = perSubmission ? sql`${sv.submissionId} = ${submissions.id} and ${sv.formId} = ${formId}` : sql`${sv.formId} = ${formId}`;
  const place = sql`${sv.elementId} = ${f.elementId}::text and ${sv.loc} = ${sql.raw(String(LOC[loc.at]))} and ${sv.sub} = ${sub}::text`;
  return sql`${owner} and ${place} and ${sv.shape} in ${shapes}`;
}

/** The typed column an operand of this kind compares with, and the operand as SQL. */
function typed(o: Operand): { column: SQL; value: SQL } {
  switch (o.kind) {
    case "number":
      return { column: sql`${sv.num}`, value: sql`${o.value}::numeric` };
    case "date":
      return { column: sql`${sv.day}`, value: sql`${o.value}::date` };
    case "timestamp":
      return { column: sql`${sv.ts}`, value: sql`${o.value.toISOString()}::timestamptz` };
  }
}

const compare = (cmp: CompareOp, o: Operand) => {
  const t = typed(o);
  return sql`${t.column} ${sql.raw(cmp)} ${t.value}`;
};

/** The ILIKE pattern of `contains`: the text anywhere, its `%`, `_` and `\\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The text of every JSON number (PostgreSQL writes jsonb numbers in this form): a filter value
 * of this form may equal a stored number, any other text only a string.
 */
export const CANONICAL_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** The row condition of an indexed filter condition; null for equality (the GIN index's) and does_not_contain. */
function rowCondition(f: FilterField, c: FilterCondition, negate: boolean): { shapes: SQL; where: SQL } | null {
  const valueShapes = f.kind === "choice" ? CHOICE_VALUES : VALUE_ITSELF;
  switch (c.op) {
    case "equals":
      return null;
    case "contains":
      // does_not_contain is the complement of a trigram search that matches most rows when
      // the filter's own matches are few: the per-row JSON test is cheaper (bench: 5×).
      if (negate) return null;
      return { shapes: valueShapes, where: sql`${sv.txt} ilike ${containsPattern(c.text)}` };
    case "compare":
      return { shapes: valueShapes, where: compare(c.cmp, c.operand) };
    case "range":
      return { shapes: valueShapes, where: sql`${compare(">=", c.min)} and ${compare("<=", c.max)}` };
    case "empty":
      // Filled-ness of an element or sub-field is of its whole value; of a component, of any row's.
      return { shapes: f.location.at === "component" ? valueShapes : VALUE_ITSELF, where: sql`${sv.filled}` };
  }
}

/**
 * The filter as `exists`/`not exists` over the index, or null when the index does not answer
 * it (equality). `negate` as on Filter; is_empty is the complement of "filled".
 * `perRow`: the filter is tested on a bounded list of rows (the first-try window). A `not
 * exists` (and a `contains`) then probes the index once per row (`offset 0` keeps the planner from turning it into
 * a hashed set): hashing reads the whole set the filter refuses, 99 % of the form for a 1 %
 * `not_on` (1.6 s against ~2,000 probes).
 */
export function indexedFilterSql(f: FilterField, c: FilterCondition, negate: boolean, formId: number, perRow = false): SQL | null {
  const row = rowCondition(f, c, negate);
  if (!row) return null;
  const wanted = wantsRows(c, negate);
  // A `contains` too: hashing it reads every trigram match, and beside the text key the planner
  // even intersects them with the field's whole key range (1.2 M entries for a 1 % match).
  const fence = perRow && (!wanted || c.op === "contains") ? sql` offset 0` : sql``;
  const exists = sql`exists (select 1 from ${sv} where ${placeRows(f, row.shapes, formId, true)} and ${row.where}${fence})`;
  return wanted ? exists : sql`not ${exists}`;
}

/** is_empty holds when no row is filled; `exists` is never null, so `not exists` is the exact complement. */
const wantsRows = (c: FilterCondition, negate: boolean) => (c.op === "empty" ? negate : !negate);

/**
 * The ids of form `formId`'s submissions that have a matching index row, and whether the
 * filter wants them (`keep`) or all others (`!keep`); null for equality. For counts that need
 * no submission row: see indexOnlyCount in query/count.ts.
 */
export function indexedIdSet(
  f: FilterField,
  c: FilterCondition,
  negate: boolean,
  formId: number,
): { ids: SQL; keep: boolean; unique: boolean } | null {
  const row = rowCondition(f, c, negate);
  if (!row) return null;
  return {
    ids: sql`select ${sv.submissionId} from ${sv} where ${placeRows(f, row.shapes, formId)} and ${row.where}`,
    keep: wantsRows(c, negate),
    // A submission has one row per element or member (JSON keys are unique) and value itself;
    // array items and repeat rows can give it several.
    unique: f.location.at !== "component" && row.shapes === VALUE_ITSELF,
  };
}

/**
 * The statement reading one counter of a place (element `elementId`, `loc` 0 or 1, member
 * `sub`) of form `formId`: the sum of its shards. `vals` at loc 0 is the number of submissions
 * holding any value (JSON null is none) for the element.
 */
export function placeCount(formId: number, elementId: string, loc: 0 | 1, sub: string, counter: ValueCounter): SQL {
  const cv = submissionValueCounts;
  const element = sql`${cv.formId} = ${formId} and ${cv.elementId} = ${elementId}::text`;
  const place = sql`${element} and ${cv.loc} = ${sql.raw(String(loc))} and ${cv.sub} = ${sub}::text`;
  return sql`select coalesce(sum(${sql.identifier(counter)}), 0)::int from ${cv} where ${place}`;
}

/** A column of submission_value_counts: how many submissions hold any / a filled / number / date / instant value at a place. */
export type ValueCounter = "vals" | "filled" | "num" | "day" | "ts";
const COUNTER_OF: Record<Operand["kind"], ValueCounter> = { number: "num", date: "day", timestamp: "ts" };

/**
 * A filter on a place that holds one value per submission (an element or a sub-field read as
 * the value itself), counted with submission_value_counts. `counted` is the counter's
 * statement for the place; the submissions a filter's rows match (`keep` as on indexedIdSet)
 * are all of `counted` for is_empty/is_filled (`rows` null), else the rows of `rows`, which
 * is also `counted` minus the rows of `others` (the typed values the condition refuses): so a
 * condition that holds for 99 % of a field is counted from its 1 % of exceptions. Equality
 * reads the text key (submission_values_text_idx). `contains` has `distinct` instead: the
 * field's distinct text keys (`keys`, with whether each contains the text: `hit`), up to
 * `cap` + 1 of them; the caller splits them and counts with `rowsOf(keys)`. Null for
 * other filters (choice fields' items, repeat-field components).
 */
export type CountedFilter = {
  counted: SQL;
  keep: boolean;
  rows: SQL | null;
  others: SQL[];
  distinct?: { keys: (cap: number) => SQL; rowsOf: (keys: string[]) => SQL };
};

/** The most distinct values a `contains` is counted through (a field of few answers: plans, tiers, countries). */
export const DISTINCT_KEYS = 2000;
/** Text keys are the first KEY_LENGTH characters of the text; a key that long may be cut. */
export const KEY_LENGTH = 100;

export function countedFilter(f: FilterField, c: FilterCondition, negate: boolean, formId: number): CountedFilter | null {
  if (f.location.at === "component") return null;
  const sub = f.location.at === "subfield" ? f.location.fixedname : "";
  const loc = f.location.at === "subfield" ? 1 : 0;
  const counted = (counter: ValueCounter) => placeCount(formId, f.elementId, loc, sub, counter);
  const rowsWhere = (where: SQL) => sql`select 1 from ${sv} where ${placeRows(f, VALUE_ITSELF, formId)} and ${where}`;
  // The rows of submission_values_text_idx: its predicate written as is, so counts read the index alone.
  const textElement = sql`${sv.formId} = ${formId} and ${sv.elementId} = ${f.elementId}::text`;
  const textLoc = sql.raw(String(LOC[f.location.at]));
  const textPlace = sql`${textElement} and ${sv.loc} = ${textLoc} and ${sv.sub} = ${sub}::text and ${sv.shape} < 2`;
  const textRows = (where: SQL) => sql`select 1 from ${sv} where ${textPlace} and ${where}`;
  switch (c.op) {
    case "empty":
      return { counted: counted("filled"), keep: wantsRows(c, negate), rows: null, others: [] };
    case "compare":
    case "range": {
      if (f.kind === "choice") return null; // a choice field's array items: several rows a submission
      if (c.op === "range" && c.min.kind !== c.max.kind) return null; // two columns
      const operand = c.op === "compare" ? c.operand : c.min;
      const refused =
        c.op === "range"
          ? [compare("<", c.min), compare(">", c.max)]
          : c.cmp === "="
            ? [compare("<", c.operand), compare(">", c.operand)]
            : [compare(NOT[c.cmp], c.operand)];
      const row = rowCondition(f, c, negate)!;
      return {
        counted: counted(COUNTER_OF[operand.kind]),
        keep: wantsRows(c, negate),
        rows: rowsWhere(row.where),
        // A comparison holds only for a value of its kind: the refused are counted values too.
        others: refused.map(rowsWhere),
      };
    }
    case "equals": {
      // A string equal to one of the values: the text key says so only when no number,
      // boolean, array or object can have that text, and the key holds all of it.
      if (f.kind === "choice" || !c.values.every(isPlainText)) return null;
      const key = sql`left(${sv.txt}, ${sql.raw(String(KEY_LENGTH))})`;
      const values = sql`array[${sql.join(
        [...new Set(c.values)].map((v) => sql`${v}::text`),
        sql`, `,
      )}]`;
      const least = sql`(select min(fh_v) from unnest(${values}) as fh_v)`;
      const most = sql`(select max(fh_v) from unnest(${values}) as fh_v)`;
      return {
        counted: counted("vals"),
        keep: !negate,
        rows: textRows(sql`${key} = any(${values})`),
        others: [
          textRows(sql`${key} < ${least}`),
          textRows(sql`${key} > ${most}`),
          textRows(sql`${key} > ${least} and ${key} < ${most} and ${key} <> all(${values})`),
        ],
      };
    }
    case "contains": {
      if (f.kind === "choice") return null; // a choice field's array items
      // Keys in index order, one index descent each (a loose index scan); each tested with the
      // filter's own ILIKE.
      const key = sql`left(${sv.txt}, ${sql.raw(String(KEY_LENGTH))})`;
      const next = (after: SQL) => sql`(select ${key} from ${sv} where ${textPlace} and ${after} order by ${key} limit 1)`;
      const keys = (cap: number) => sql`with recursive fh_keys(k) as (
          ${next(sql`true`)}
          union all
          select ${next(sql`${key} > fh_keys.k`)} from fh_keys where fh_keys.k is not null)
        select k, k ilike ${containsPattern(c.text)} as hit from fh_keys where k is not null limit ${cap + 1}`;
      return {
        counted: counted("vals"),
        keep: !negate,
        rows: null,
        others: [],
        distinct: { keys, rowsOf: (values) => textRows(sql`${key} in ${values}`) },
      };
    }
    default:
      return null;
  }
}

/** Text no JSON number, boolean, array or object has, short enough for the text key (< 100 code points). */
function isPlainText(v: string): boolean {
  return [...v].length < KEY_LENGTH && !CANONICAL_NUMBER.test(v) && v !== "true" && v !== "false" && !/^[[{]/.test(v);
}

/** The comparison that holds exactly where `cmp` does not, among values of the same kind. */
const NOT: Record<Exclude<CompareOp, "=">, CompareOp> = { ">": "<=", ">=": "<", "<": ">=", "<=": ">" };
