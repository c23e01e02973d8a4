import { test } from "node:test";
import assert from "node:assert/strict";
import type { FormElement } from "@/db/schema";
import { dataByLabel } from "./by-label";
import { choiceElement, fullNameElement, gridElement } from "@/e2e/fixtures/elements";

const elements: FormElement[] = [
  { id: "q_email", label: "Email", type: "email" },
  { id: "q_age", label: "Age", type: "number" },
  choiceElement("q_size", "Size", "dropdown", { o_s: ["Small", "s"] }),
  choiceElement("q_tags", "Tags", "multiple-checkbox", { o_a: ["A", "a"] }),
  gridElement,
  { id: "q_rep", label: "People", type: "repeat-field", components: [{ id: "q_who", label: "Who", type: "short-text" }] },
  fullNameElement,
];

test("keys are labels in the form's order; values as stored, name/address by sub-field label", () => {
  const out = dataByLabel(elements, {
    q_name: { first: "Ann", last: "Lee" },
    q_rep: [{ q_who: "Bob" }],
    q_grid: { r1: { c1: "x" } },
    q_tags: ["a"],
    q_size: "s",
    q_age: 42,
    q_email: "ann@example.com",
  });
  assert.deepEqual(out, {
    Email: "ann@example.com",
    Age: 42,
    Size: "s",
    Tags: ["a"],
    Grid: { r1: { c1: "x" } },
    People: [{ q_who: "Bob" }],
    "Full name": { "First name": "Ann", "Last name": "Lee" },
  });
  assert.deepEqual(Object.keys(out), ["Email", "Age", "Size", "Tags", "Grid", "People", "Full name"]);
});

test("only fields with a stored value appear; null and empty values are kept as stored", () => {
  assert.deepEqual(dataByLabel(elements, { q_age: null, q_tags: [], q_name: { first: "" } }), {
    Age: null,
    Tags: [],
    "Full name": { "First name": "" },
  });
  assert.deepEqual(dataByLabel(elements, {}), {});
});

test("a duplicate label gets the element id appended; a blank label is the element id", () => {
  const dup: FormElement[] = [
    { id: "a1", label: "Comment", type: "short-text" },
    { id: "a2", label: "Comment", type: "long-text" },
    { id: "a3", label: "Comment (a3)", type: "short-text" },
    { id: "a3b", label: "Comment", type: "short-text" },
    { id: "a4", label: "  ", type: "short-text" },
  ];
  assert.deepEqual(dataByLabel(dup, { a1: "one", a2: "two", a3: "three", a3b: "four", a4: "five" }), {
    Comment: "one",
    "Comment (a2)": "two",
    "Comment (a3)": "three",
    "Comment (a3b)": "four",
    a4: "five",
  });
});

test("when the suffixed label is taken too, a counter is added instead of overwriting", () => {
  const dup: FormElement[] = [
    { id: "x", label: "Note (z)", type: "short-text" },
    { id: "y", label: "Note", type: "short-text" },
    { id: "z", label: "Note", type: "short-text" },
  ];
  assert.deepEqual(dataByLabel(dup, { x: 1, y: 2, z: 3 }), { "Note (z)": 1, Note: 2, "Note (z, 2)": 3 });
});

test("values of elements the form no longer has stay, under their element id, after the others", () => {
  assert.deepEqual(Object.entries(dataByLabel(elements, { gone: "old", q_age: 1, Age: "clash" })), [
    ["Age", 1],
    ["gone", "old"],
    ["Age (Age)", "clash"],
  ]);
});

test("name/address: unlisted parts keep their fixedname; a value that is not an object stays as stored", () => {
  assert.deepEqual(dataByLabel(elements, { q_name: { first: "A", middle: "B" } }), { "Full name": { "First name": "A", middle: "B" } });
  assert.deepEqual(dataByLabel(elements, { q_name: "Ann Lee" }), { "Full name": "Ann Lee" });
});

test("a label such as __proto__ is an ordinary key", () => {
  const out = dataByLabel([{ id: "p", label: "__proto__", type: "short-text" }], { p: "v" });
  assert.equal(Object.getPrototypeOf(out), Object.prototype);
  assert.deepEqual(Object.keys(out), ["__proto__"]);
  assert.equal(JSON.stringify(out), '{"__proto__":"v"}');
});
