import assert from "node:assert/strict";
import { test } from "node:test";
import { editorField } from "./editor-field.fixture";
import { fieldErrorOf, toPrefillData } from "./prefill-values";

const f = editorField;
const opts = (...ids: string[]) => ids.map((id) => ({ id, label: id.toUpperCase() }));

const fields = [
  f("subject", "text"),
  f("employees", "number"),
  f("topic", "choice", { options: opts("opt_a", "opt_b") }),
  f("products", "checkboxes", { options: opts("opt_x", "opt_y", "opt_z") }),
];

test("only filled fields are sent, trimmed, in form order", () => {
  assert.deepEqual(toPrefillData(fields, { products: ["opt_z", "opt_x"], subject: "  Hello ", employees: "   ", topic: "" }), [
    { id: "subject", value: "Hello" },
    { id: "products", value: ["opt_x", "opt_z"] },
  ]);
  assert.deepEqual(toPrefillData(fields, { products: [] }), []);
});

test("structured fields: ranking order kept, matrix one column a row, parts and rows without blanks", () => {
  const all = [
    f("rank", "ranking", { options: opts("a", "b", "c") }),
    f("grid", "matrix", { rows: opts("r1", "r2"), columns: opts("c1", "c2") }),
    f("who", "composite", {
      parts: [
        { key: "first_name", label: "First" },
        { key: "last_name", label: "Last" },
      ],
    }),
    f("people", "repeat", { components: [f("pname", "text"), f("ptags", "checkboxes", { options: opts("t1", "t2") })] }),
  ];
  assert.deepEqual(
    toPrefillData(all, {
      rank: ["c", "a"],
      grid: { r2: "c1", r1: "" },
      who: { first_name: " Ada ", last_name: "" },
      people: [{ pname: "Bo", ptags: ["t2", "t1"] }, { pname: " " }, { ptags: ["t2"] }],
    }),
    [
      { id: "rank", value: ["c", "a"] },
      { id: "grid", value: { r2: { c1: true } } },
      { id: "who", value: { first_name: "Ada" } },
      { id: "people", value: [{ pname: "Bo", ptags: ["t1", "t2"] }, { ptags: ["t2"] }] },
    ],
  );
  assert.deepEqual(toPrefillData(all, { rank: [], grid: {}, who: { first_name: "" }, people: [{}] }), []);
});

test("a service error about an entry points at the field that was sent there", () => {
  const sent = [{ id: "subject" }, { id: "phone" }];
  assert.deepEqual(
    fieldErrorOf({ path: ["prefill_data", 1, "value"], reason: "has an unknown dial code '+999' for 'phone' field" }, sent),
    {
      fieldId: "phone",
      text: "Value has an unknown dial code '+999' for 'phone' field",
    },
  );
  assert.deepEqual(
    fieldErrorOf({ path: ["prefill_data", 0, "value", 1, "colleague_name"], reason: "must be a scalar for 'short-text' field" }, sent),
    {
      fieldId: "subject",
      text: "Value[1].colleague_name must be a scalar for 'short-text' field",
    },
  );
  assert.deepEqual(fieldErrorOf({ path: ["prefill_data", 0, "id"], reason: "is required" }, sent)?.fieldId, "subject");
  assert.equal(fieldErrorOf({ path: ["prefill_data", 7, "value"], reason: "is required" }, sent), null);
  assert.equal(fieldErrorOf({ path: ["name"], reason: "is required" }, sent), null);
  assert.equal(fieldErrorOf({}, sent), null);
  assert.equal(fieldErrorOf(null, sent), null);
});
