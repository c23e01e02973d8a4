import assert from "node:assert/strict";
import { test } from "node:test";
import { fieldErrorOf, toPrefillData } from "./prefill-values";

const fields = [
  { id: "subject", input: "text", options: [] },
  { id: "employees", input: "number", options: [] },
  { id: "topic", input: "choice", options: [{ id: "opt_a" }, { id: "opt_b" }] },
  { id: "products", input: "checkboxes", options: [{ id: "opt_x" }, { id: "opt_y" }, { id: "opt_z" }] },
];

test("only filled fields are sent, trimmed, in form order", () => {
  assert.deepEqual(toPrefillData(fields, { products: ["opt_z", "opt_x"], subject: "  Hello ", employees: "   ", topic: "" }), [
    { id: "subject", value: "Hello" },
    { id: "products", value: ["opt_x", "opt_z"] },
  ]);
  assert.deepEqual(toPrefillData(fields, { products: [] }), []);
});

test("a service error about an entry points at the field that was sent there", () => {
  const sent = [{ id: "subject" }, { id: "phone" }];
  assert.deepEqual(fieldErrorOf({ path: ["prefill_data", 1, "value"], reason: "has an unknown dial code '+999' for 'phone' field" }, sent), {
    fieldId: "phone",
    text: "Value has an unknown dial code '+999' for 'phone' field",
  });
  assert.deepEqual(fieldErrorOf({ path: ["prefill_data", 0, "value", 1, "colleague_name"], reason: "must be a scalar for 'short-text' field" }, sent), {
    fieldId: "subject",
    text: "Value[1].colleague_name must be a scalar for 'short-text' field",
  });
  assert.deepEqual(fieldErrorOf({ path: ["prefill_data", 0, "id"], reason: "is required" }, sent)?.fieldId, "subject");
  assert.equal(fieldErrorOf({ path: ["prefill_data", 7, "value"], reason: "is required" }, sent), null);
  assert.equal(fieldErrorOf({ path: ["name"], reason: "is required" }, sent), null);
  assert.equal(fieldErrorOf({}, sent), null);
  assert.equal(fieldErrorOf(null, sent), null);
});
