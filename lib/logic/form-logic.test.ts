import { test } from "node:test";
import assert from "node:assert/strict";
import type { Condition, FormElement } from "@/db/schema";
import { createAnswersValidator } from "@/lib/answers/validate-answers";
import { publishProblems } from "@/lib/forms/definition";
import { FILTER_TYPES } from "@/lib/filters/filters";
import { compileFormLogic } from "./form-logic";

const fields: FormElement[] = [
  { id: "name", label: "Your name", type: "short-text" },
  { id: "age", label: "Age", type: "number" },
  { id: "start", label: "Start", type: "date" },
  {
    id: "plan",
    label: "Plan",
    type: "radio",
    options: [
      { id: "o_free", label: "Free", value: "free" },
      { id: "o_pro", label: "Pro", value: "pro" },
    ],
  },
  {
    id: "extras",
    label: "Extras",
    type: "multiple-checkbox",
    options: [
      { id: "o_a", label: "A", value: "a" },
      { id: "o_b", label: "B", value: "b" },
    ],
  },
  {
    id: "full",
    label: "Full name",
    type: "name",
    children: [
      { fixedname: "first", label: "First name", required: false },
      { fixedname: "last", label: "Last name", required: false },
    ],
  },
  { id: "rows", label: "Rows", type: "repeat-field", components: [{ id: "qty", label: "Qty", type: "number" }] },
  { id: "grid", label: "Grid", type: "matrix", rows: [{ id: "r1", label: "R1" }], columns: [{ id: "c1", label: "C1" }] },
];

/** Whether `target` is shown for `answers` when guarded by one rule. */
function shown(rule: { field: string; op: string; value?: unknown }, answers: Record<string, unknown>): boolean {
  const elements = [...fields, { id: "target", label: "Target", type: "short-text", showIf: { all: [rule] } }];
  const logic = compileFormLogic(elements);
  assert.deepEqual(logic.problems, [], JSON.stringify(rule));
  let result: boolean | undefined;
  const seen: Record<string, unknown> = {};
  logic.walk(seen, (element, isShown) => {
    if (isShown && element.id in answers) seen[element.id] = answers[element.id];
    if (element.id === "target") result = isShown;
  });
  return result!;
}

// Every operator, on the types it applies to; each case [rule, answers, expected].
const CASES: [string, { field: string; op: string; value?: unknown }, Record<string, unknown>, boolean][] = [
  ["is_equal_to text", { field: "name", op: "is_equal_to", value: "Ada" }, { name: "Ada" }, true],
  ["is_equal_to text, other", { field: "name", op: "is_equal_to", value: "Ada" }, { name: "Bob" }, false],
  ["is_equal_to by label", { field: "Your name", op: "is_equal_to", value: "Ada" }, { name: "Ada" }, true],
  ["is_not_equal_to", { field: "name", op: "is_not_equal_to", value: "Ada" }, { name: "Bob" }, true],
  ["is_not_equal_to, unanswered", { field: "name", op: "is_not_equal_to", value: "Ada" }, {}, true],
  ["contains (ASCII case-insensitive)", { field: "name", op: "contains", value: "DA" }, { name: "Ada" }, true],
  ["does_not_contain", { field: "name", op: "does_not_contain", value: "x" }, { name: "Ada" }, true],
  ["does_not_contain, holds it", { field: "name", op: "does_not_contain", value: "d" }, { name: "Ada" }, false],
  ["is_greater_than number", { field: "age", op: "is_greater_than", value: 17 }, { age: 18 }, true],
  ["is_greater_than number, equal", { field: "age", op: "is_greater_than", value: 18 }, { age: 18 }, false],
  ["is_greater_than_or_equal_to", { field: "age", op: "is_greater_than_or_equal_to", value: 18 }, { age: 18 }, true],
  ["is_less_than", { field: "age", op: "is_less_than", value: "18" }, { age: 17.5 }, true],
  ["is_less_than_or_equal_to", { field: "age", op: "is_less_than_or_equal_to", value: 18 }, { age: 19 }, false],
  ["is_less_than, unanswered", { field: "age", op: "is_less_than", value: 18 }, {}, false],
  ["in_range number", { field: "age", op: "in_range", value: [10, 20] }, { age: 20 }, true],
  ["in_range number, outside", { field: "age", op: "in_range", value: [10, 20] }, { age: 21 }, false],
  ["is_equal_to number", { field: "age", op: "is_equal_to", value: 18 }, { age: 18 }, true],
  ["is_in number", { field: "age", op: "is_in", value: [1, 18] }, { age: 18 }, true],
  ["before date", { field: "start", op: "before", value: "2026-01-01" }, { start: "2025-12-31" }, true],
  ["after date", { field: "start", op: "after", value: "2026-01-01" }, { start: "2025-12-31" }, false],
  ["on date", { field: "start", op: "on", value: "2026-01-01" }, { start: "2026-01-01" }, true],
  ["not_on date", { field: "start", op: "not_on", value: "2026-01-01" }, { start: "2026-01-02" }, true],
  ["in_range dates", { field: "start", op: "in_range", value: ["2026-01-01", "2026-02-01"] }, { start: "2026-01-15" }, true],
  ["is_greater_than date", { field: "start", op: "is_greater_than", value: "2026-01-01" }, { start: "2026-01-02" }, true],
  ["is_equal_to option id", { field: "plan", op: "is_equal_to", value: "o_pro" }, { plan: "pro" }, true],
  ["is_equal_to option id, other", { field: "plan", op: "is_equal_to", value: "o_pro" }, { plan: "free" }, false],
  ["is_not_equal_to option", { field: "plan", op: "is_not_equal_to", value: "o_pro" }, { plan: "free" }, true],
  ["is_in options", { field: "plan", op: "is_in", value: ["o_free", "o_pro"] }, { plan: "pro" }, true],
  ["is_not_in options", { field: "plan", op: "is_not_in", value: ["o_pro"] }, { plan: "pro" }, false],
  ["contains on a choice reads its value", { field: "plan", op: "contains", value: "PR" }, { plan: "pro" }, true],
  ["multi-choice holds the option", { field: "extras", op: "is_equal_to", value: "o_b" }, { extras: ["a", "b"] }, true],
  ["multi-choice lacks the option", { field: "extras", op: "is_not_in", value: ["o_b"] }, { extras: ["a"] }, true],
  ["is_empty, unanswered", { field: "extras", op: "is_empty" }, {}, true],
  ["is_empty, answered", { field: "extras", op: "is_empty", value: true }, { extras: ["a"] }, false],
  ["is_empty false = filled", { field: "extras", op: "is_empty", value: false }, { extras: ["a"] }, true],
  ["is_filled", { field: "name", op: "is_filled" }, { name: "Ada" }, true],
  ["is_filled, unanswered", { field: "name", op: "is_filled" }, {}, false],
  ["name sub-field by its label", { field: "First name", op: "is_equal_to", value: "Ada" }, { full: { first: "Ada" } }, true],
  ["repeat component: any row", { field: "qty", op: "is_greater_than", value: 5 }, { rows: [{ qty: 1 }, { qty: 9 }] }, true],
  ["matrix: filled", { field: "grid", op: "is_filled" }, { grid: { r1: { c1: true } } }, true],
  ["matrix: empty", { field: "grid", op: "is_empty" }, {}, true],
];

for (const [name, rule, answers, expected] of CASES) {
  test(`a rule: ${name} → ${expected ? "shown" : "hidden"}`, () => assert.equal(shown(rule, answers), expected));
}

test("the cases cover all 17 operators", () => {
  assert.deepEqual(new Set(CASES.map(([, r]) => r.op)), new Set(FILTER_TYPES));
});

test("all/any groups nest; an empty all holds and an empty any does not", () => {
  const nested = {
    any: [{ field: "age", op: "is_less_than", value: 18 }, { all: [{ field: "plan", op: "is_equal_to", value: "o_pro" }] }],
  };
  const check = (condition: Condition, answers: Record<string, unknown>) => {
    const logic = compileFormLogic([...fields, { id: "t", label: "T", type: "short-text", showIf: condition }]);
    return !("t" in logic.shownAnswers({ ...answers, t: "x" })) ? false : true;
  };
  assert.equal(check(nested, { age: 30, plan: "pro" }), true);
  assert.equal(check(nested, { age: 10, plan: "free" }), true);
  assert.equal(check(nested, { age: 30, plan: "free" }), false);
  assert.equal(check({ all: [] }, {}), true);
  assert.equal(check({ any: [] }, {}), false);
});

const paged: FormElement[] = [
  { id: "plan", label: "Plan", type: "radio", required: true, options: fields[3]!.options },
  { id: "pg_team", label: "Your team", type: "page-break", showIf: { all: [{ field: "plan", op: "is_equal_to", value: "o_pro" }] } },
  { id: "team", label: "Team size", type: "number", required: true },
  { id: "pg_end", label: "Last words", type: "page-break" },
  { id: "why", label: "Why?", type: "long-text", required: true, showIf: { any: [{ field: "team", op: "is_greater_than", value: 10 }] } },
  { id: "note", label: "Note", type: "short-text" },
];

test("pages: the elements between breaks; a hidden break skips its page, and later rules see its answers as empty", () => {
  const logic = compileFormLogic(paged);
  assert.deepEqual(
    logic.pages.map((p) => [p.breakId, p.elements.map((e) => e.id)]),
    [
      [null, ["plan"]],
      ["pg_team", ["team"]],
      ["pg_end", ["why", "note"]],
    ],
  );
  assert.deepEqual(logic.shownPages({ plan: "free" }), [0, 2]);
  assert.deepEqual(logic.shownPages({ plan: "pro" }), [0, 1, 2]);
  // team is on a skipped page: its answer is not read, so `why` stays hidden.
  assert.deepEqual(logic.shownAnswers({ plan: "free", team: 50, why: "x", note: "n" }), { plan: "free", note: "n" });
  assert.deepEqual(logic.shownAnswers({ plan: "pro", team: 50, why: "x" }), { plan: "pro", team: 50, why: "x" });
});

test("the validator: hidden required fields are not required, answers to hidden fields are dropped, shown ones required", () => {
  const validate = createAnswersValidator(paged);
  assert.deepEqual(validate({ plan: "free", team: "oops", why: "because" }), { ok: true, data: { plan: "free" } });
  assert.deepEqual(validate({ plan: "pro", team: "12" }), { ok: false, issues: [{ path: ["why"], message: "This field is required" }] });
  assert.deepEqual(validate({ plan: "pro", team: "3" }), { ok: true, data: { plan: "pro", team: 3 } });
  // A step: only the pages up to it.
  assert.deepEqual(validate({ plan: "pro" }, { throughPage: 0 }), { ok: true, data: { plan: "pro" } });
  assert.deepEqual(validate({ plan: "pro" }, { throughPage: 1 }), {
    ok: false,
    issues: [{ path: ["team"], message: "This field is required" }],
  });
});

test("endings: the first whose condition holds, or one without a condition", () => {
  const logic = compileFormLogic(paged, {
    endings: [
      { id: "end_pro", title: "Welcome, team", showIf: { all: [{ field: "plan", op: "is_equal_to", value: "o_pro" }] } },
      { id: "end_thanks", title: "Thanks" },
    ],
  });
  assert.equal(logic.ending({ plan: "pro" })?.id, "end_pro");
  assert.equal(logic.ending({ plan: "free" })?.id, "end_thanks");
  assert.equal(compileFormLogic(paged).ending({}), null);
});

test("field rules are enforced as required is, with sentences", () => {
  const validate = createAnswersValidator([
    { id: "n", label: "N", type: "number", min: 1, max: 10 },
    { id: "t", label: "T", type: "short-text", minLength: 3, maxLength: 5 },
    { id: "c", label: "C", type: "multiple-checkbox", options: fields[4]!.options, minChoices: 2 },
  ]);
  assert.deepEqual(validate({ n: 11, t: "ab", c: ["a"] }), {
    ok: false,
    issues: [
      { path: ["n"], message: "Enter a number between 1 and 10" },
      { path: ["t"], message: "Use 3 characters or more" },
      { path: ["c"], message: "Choose at least 2 options" },
    ],
  });
  assert.deepEqual(validate({ n: "10", t: "abc", c: ["a", "b"] }), { ok: true, data: { n: 10, t: "abc", c: ["a", "b"] } });
  assert.deepEqual(validate({ t: "abcdef" }), { ok: false, issues: [{ path: ["t"], message: "Use 5 characters or fewer" }] });
});

test("publishing names each problem of the logic at its path", () => {
  const problems = publishProblems(
    [
      { id: "a", label: "A", type: "short-text", showIf: { all: [{ field: "b", op: "is_filled" }] } },
      { id: "b", label: "B", type: "number", min: 5, max: 1, showIf: { all: [{ field: "a", op: "is_greater_than", value: 1 }] } },
      { ...fields[3]!, showIf: { any: [{ field: "nope", op: "is_filled" }] } },
      { id: "c", label: "C", type: "short-text", showIf: { all: [{ field: "plan", op: "is_equal_to", value: "gold" }] } },
      { id: "d", label: "D", type: "short-text", showIf: { all: [{ field: "b", op: "is_greater_than", value: "x" }] } },
      { id: "e", label: "E", type: "short-text", showIf: { both: [] } },
    ],
    { endings: [{ id: "end", title: "", redirectUrl: "javascript:alert(1)" }] },
  );
  assert.deepEqual(
    problems.map((p) => p.message),
    [
      "elements[1].min must not be greater than max",
      "endings[0].redirectUrl must be an http(s) URL, like https://example.com/thanks",
      "elements[0].showIf.all[0].field 'b' comes later in the form; a rule may only look at fields before it",
      "elements[1].showIf.all[0].op 'is_greater_than' does not apply to short-text fields " +
        "(use is_equal_to, is_not_equal_to, contains, does_not_contain, is_empty, is_filled, is_in, is_not_in)",
      "elements[2].showIf.any[0].field 'nope' is not a field of this form",
      "elements[3].showIf.all[0].value 'gold' is not an option id of this field ('o_free', 'o_pro')",
      'elements[4].showIf.all[0].value needs a number, got "x"',
      `elements[5].showIf must have exactly one of "all" or "any" (got 'both')`,
      "endings[0].title must not be empty",
    ],
  );
});
