import assert from "node:assert/strict";
import { test } from "node:test";
import type { FormElement } from "@/db/schema";
import { prefillEditorFields } from "./editor-fields";

const el = (id: string, type: string, extra: Partial<FormElement> = {}): FormElement => ({ id, label: id.toUpperCase(), type, ...extra });

test("simple top-level fields get one input each, in form order", () => {
  const { fields, apiOnly } = prefillEditorFields([
    el("subject", "short-text"),
    el("message", "long-text"),
    el("email", "email"),
    el("size", "number"),
    el("on", "date"),
    el("source", "hidden"),
    el("phone", "phone", { countrySelector: true }),
    el("landline", "phone"),
  ]);
  assert.deepEqual(
    fields.map((f) => [f.id, f.input, f.countrySelector]),
    [
      ["subject", "text", false],
      ["message", "textarea", false],
      ["email", "email", false],
      ["size", "number", false],
      ["on", "date", false],
      ["source", "text", false],
      ["phone", "phone", true],
      ["landline", "phone", false],
    ],
  );
  assert.deepEqual(apiOnly, []);
});

test("choice fields list their options by id and label", () => {
  const options = [
    { id: "opt_a", label: "A", value: "a" },
    { id: "opt_b", label: "B", value: "b" },
  ];
  const { fields } = prefillEditorFields([
    el("topic", "radio", { options }),
    el("country", "dropdown", { options }),
    el("mood", "picture-checkbox", { options }),
    el("products", "multiple-checkbox", { options }),
  ]);
  assert.deepEqual(
    fields.map((f) => [f.id, f.input]),
    [
      ["topic", "choice"],
      ["country", "choice"],
      ["mood", "choice"],
      ["products", "checkboxes"],
    ],
  );
  assert.deepEqual(fields[0]?.options, [
    { id: "opt_a", label: "A" },
    { id: "opt_b", label: "B" },
  ]);
});

test("structured types get their own inputs; unknown types are left to the API", () => {
  const { fields, apiOnly } = prefillEditorFields([
    el("rank", "ranking", { options: [{ id: "o", label: "O", value: "o" }] }),
    el("grid", "matrix", { rows: [{ id: "r", label: "R" }], columns: [{ id: "c", label: "C" }] }),
    el("people", "repeat-field", { components: [el("who", "short-text"), el("inner", "repeat-field"), el("odd", "signature")] }),
    el("full_name", "name", { children: [{ fixedname: "first_name", label: "First", required: true }] }),
    el("where", "address", { children: [{ fixedname: "city", label: "City", required: true }] }),
    el("odd", "signature"),
    el("toString", "constructor"),
  ]);
  assert.deepEqual(
    fields.map((f) => [f.id, f.input]),
    [
      ["rank", "ranking"],
      ["grid", "matrix"],
      ["people", "repeat"],
      ["full_name", "composite"],
      ["where", "composite"],
    ],
  );
  assert.deepEqual(fields[1]?.rows, [{ id: "r", label: "R" }]);
  assert.deepEqual(fields[1]?.columns, [{ id: "c", label: "C" }]);
  // A nested repeat-field and an unknown component are not offered inside the row.
  assert.deepEqual(
    fields[2]?.components.map((c) => [c.id, c.input]),
    [["who", "text"]],
  );
  assert.deepEqual(fields[3]?.parts, [{ key: "first_name", label: "First" }]);
  assert.deepEqual(
    apiOnly.map((f) => f.type),
    ["signature", "constructor"],
  );
});
