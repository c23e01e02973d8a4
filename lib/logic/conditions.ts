import type { ConditionRule } from "@/db/schema";
import { AppError } from "@/lib/errors";
import type { FieldResolver, FilterField } from "@/lib/filters/fields";
import { matchesFilters } from "@/lib/filters/filter-eval";
import { filterTypesFor } from "@/lib/filters/filter-fields";
import { buildFilter, FILTER_TYPES, type Filter, type FilterType } from "@/lib/filters/filters";
import { formatPath } from "@/lib/values/input-paths";
import { isJsonObject } from "@/lib/values/json";

/**
 * `showIf` conditions: `{all: [...]}` or `{any: [...]}`, nestable, whose items are conditions
 * or rules `{field, op, value}`. A rule is one filter of `GET /api/v2/submissions` (the same
 * 17 types, parsed by the same `buildFilter` and evaluated by the same `matchesFilters`), read
 * against the answers as they are stored. What a rule may name is decided by the caller: the
 * fields before the element it guards (form-logic.ts), so there are no cycles.
 */

/** Nesting and size bounds: a condition is read on every submit. */
export const MAX_CONDITION_DEPTH = 5;
export const MAX_CONDITION_RULES = 50;

export type LogicPath = (string | number)[];
export type LogicProblem = { path: LogicPath; message: string };
/** Whether a condition holds for these answers (keyed by element id, as stored). */
export type AnswersTest = (answers: Record<string, unknown>) => boolean;

/** Where a rule's field may be: `before` resolves what it may name, `anywhere` says why another name is wrong. */
export type RuleScope = { before: FieldResolver; anywhere: FieldResolver };

const always: AnswersTest = () => true;

const quoted = (items: readonly string[]) => items.map((s) => `'${s}'`).join(", ");

/**
 * Compiles a condition; `problems` lists every mistake at its path (and the test is then
 * never true, so a broken condition hides rather than requires). An absent condition always holds.
 */
export function compileCondition(condition: unknown, scope: RuleScope, path: LogicPath): { test: AnswersTest; problems: LogicProblem[] } {
  if (condition === undefined) return { test: always, problems: [] };
  const problems: LogicProblem[] = [];
  let rules = 0;
  const problem = (at: LogicPath, text: string) => problems.push({ path: at, message: `${formatPath(at)} ${text}` });

  function group(value: unknown, at: LogicPath, depth: number): AnswersTest {
    if (!isJsonObject(value)) return (void problem(at, `must be an object: {"all": [...]} or {"any": [...]}`), always);
    const keys = Object.keys(value);
    const kind = keys.length === 1 && (keys[0] === "all" || keys[0] === "any") ? keys[0] : null;
    if (!kind) return (void problem(at, `must have exactly one of "all" or "any" (got ${quoted(keys) || "none"})`), always);
    if (depth > MAX_CONDITION_DEPTH) return (void problem(at, `nests deeper than ${MAX_CONDITION_DEPTH} levels`), always);
    const items = value[kind];
    if (!Array.isArray(items)) return (void problem([...at, kind], "must be an array"), always);
    const tests = items.map((item: unknown, i) => {
      const here = [...at, kind, i];
      if (isJsonObject(item) && ("all" in item || "any" in item)) return group(item, here, depth + 1);
      if (++rules > MAX_CONDITION_RULES) return (void problem(here, `is one rule too many (at most ${MAX_CONDITION_RULES})`), always);
      return rule(item, here);
    });
    // An empty `all` holds; an empty `any` does not.
    return kind === "all" ? (answers) => tests.every((t) => t(answers)) : (answers) => tests.some((t) => t(answers));
  }

  function rule(value: unknown, at: LogicPath): AnswersTest {
    const compiled = compileRule(value, scope, at);
    if ("problem" in compiled) return (void problems.push(compiled.problem), always);
    return (answers) => matchesFilters(compiled.filters, answers);
  }

  const test = group(condition, path, 1);
  return problems.length ? { test: () => false, problems } : { test, problems };
}

const RULE_KEYS = new Set(["field", "op", "value"]);

/** One rule as one filter (or, for `is_in` of several option ids, one filter of their values). */
function compileRule(value: unknown, scope: RuleScope, at: LogicPath): { filters: Filter[] } | { problem: LogicProblem } {
  const fail = (where: LogicPath, text: string) => ({ problem: { path: where, message: `${formatPath(where)} ${text}` } });
  if (!isJsonObject(value)) return fail(at, `must be a rule {"field", "op", "value"} or a group {"all"|"any": [...]}`);
  const extra = Object.keys(value).filter((k) => !RULE_KEYS.has(k));
  if (extra.length) return fail(at, `has unknown propert${extra.length === 1 ? "y" : "ies"} ${quoted(extra)} (allowed: field, op, value)`);
  const { field: name, op, value: operand } = value as ConditionRule;
  if (typeof name !== "string" || name === "") return fail([...at, "field"], "must name a field by element id or label");
  const field = scope.before.resolve(name);
  if (!field) {
    return scope.anywhere.resolve(name)
      ? fail([...at, "field"], `'${name}' comes later in the form; a rule may only look at fields before it`)
      : fail([...at, "field"], `'${name}' is not a field of this form`);
  }
  if (typeof op !== "string" || !(FILTER_TYPES as readonly string[]).includes(op)) {
    return fail([...at, "op"], `must be one of ${FILTER_TYPES.join(", ")}`);
  }
  const type = op as FilterType;
  const offered = filterTypesFor(field);
  if (!offered.includes(type))
    return fail([...at, "op"], `'${op}' does not apply to ${field.elementType} fields (use ${offered.join(", ")})`);
  const raw = operandText(field, type, operand);
  if ("problem" in raw) return fail([...at, "value"], raw.problem);
  const param = formatPath([...at, "value"]);
  try {
    return { filters: [buildFilter(field, type, param, raw.text)] };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const message = error.message.startsWith(param) ? error.message : `${param} ${error.message}`;
    return { problem: { path: [...at, "value"], message } };
  }
}

const EQUALITY: readonly FilterType[] = ["is_equal_to", "is_not_equal_to", "is_in", "is_not_in"];

/** A rule's value as the filter parameter's text; choice values are option ids, read as their values. */
function operandText(field: FilterField, type: FilterType, value: unknown): { text: string } | { problem: string } {
  const scalar = (v: unknown) => (typeof v === "string" || (typeof v === "number" && Number.isFinite(v)) ? String(v) : null);
  const option = (v: string) => {
    if (field.kind !== "choice" || !EQUALITY.includes(type)) return { text: v };
    const found = field.options?.find((o) => o.id === v);
    const ids = (field.options ?? []).map((o) => o.id);
    return found ? { text: found.value } : { problem: `'${v}' is not an option id of this field (${quoted(ids)})` };
  };
  switch (type) {
    case "is_empty":
    case "is_filled":
      if (value === undefined) return { text: "true" };
      return typeof value === "boolean" ? { text: String(value) } : { problem: "must be true or false (or left out: true)" };
    case "is_in":
    case "is_not_in": {
      if (!Array.isArray(value) || value.length === 0) return { problem: "must be a non-empty array of values" };
      const texts: string[] = [];
      for (const item of value) {
        const s = scalar(item);
        if (s === null || s.includes(",")) return { problem: "must list strings or numbers without commas" };
        const read = option(s);
        if ("problem" in read) return read;
        texts.push(read.text);
      }
      if (texts.some((t) => t.includes(",")))
        return { problem: "lists an option whose value holds a comma; use is_equal_to in an any group" };
      return { text: texts.join(",") };
    }
    case "in_range": {
      const [min, max] = Array.isArray(value) ? value.map(scalar) : [];
      if (!Array.isArray(value) || value.length !== 2 || min == null || max == null) return { problem: "must be [min, max]" };
      return { text: `${min},${max}` };
    }
    default: {
      const s = scalar(value);
      if (s === null || s.trim() === "") return { problem: "must be a string or a number" };
      return option(s);
    }
  }
}
