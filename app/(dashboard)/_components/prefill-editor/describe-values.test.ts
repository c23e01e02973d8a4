import assert from "node:assert/strict";
import { test } from "node:test";
import type { EditorField, EditorInput } from "@/server/services/prefills/editor-fields";
import { describeValues } from "./describe-values";
import { editorField } from "./editor-field.fixture";

const f = (id: string, input: EditorInput, extra: Partial<EditorField> = {}) =>
  editorField(id, input, { label: id.toUpperCase(), ...extra });

test("stored values read with labels, by type; unknown ids keep their id and JSON", () => {
  const fields = [
    f("topic", "choice", { options: [{ id: "o1", label: "Sales" }] }),
    f("rank", "ranking", {
      options: [
        { id: "a", label: "Apple" },
        { id: "b", label: "Banana" },
      ],
    }),
    f("grid", "matrix", { rows: [{ id: "r1", label: "Speed" }], columns: [{ id: "c2", label: "Good" }] }),
    f("who", "composite", {
      parts: [
        { key: "first_name", label: "First name" },
        { key: "last_name", label: "Last name" },
      ],
    }),
    f("people", "repeat", { components: [f("pn", "text", { label: "Name" })] }),
  ];
  assert.deepEqual(
    describeValues(fields, [
      { id: "topic", value: "o1" },
      { id: "rank", value: ["b", "a"] },
      { id: "grid", value: { r1: { c2: true } } },
      // Stored jsonb comes back with its keys sorted by length: shown in the form's order.
      { id: "who", value: { last_name: "Lovelace", first_name: "Ada" } },
      { id: "people", value: [{ pn: "Bo" }] },
      { id: "gone", value: { x: 1 } },
    ]).map((d) => [d.label, d.lines]),
    [
      ["TOPIC", ["Sales"]],
      ["RANK", ["1. Banana", "2. Apple"]],
      ["GRID", ["Speed: Good"]],
      ["WHO", ["First name: Ada", "Last name: Lovelace"]],
      ["PEOPLE", ["Row 1: Name: Bo"]],
      ["gone", ['{"x":1}']],
    ],
  );
});
