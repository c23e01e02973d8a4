import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { FormElement } from "@/db/schema";
import { keptPreviewValues } from "./preview-values";

/** An option whose value is its label, as the builder makes them. */
const option = (id: string, label: string) => ({ id, label, value: label });
const text: FormElement = { id: "q_name", label: "Name", type: "short-text" };
const colour: FormElement = { id: "q_colour", label: "Colour", type: "radio", options: [option("o1", "Red"), option("o2", "Blue")] };
const who: FormElement = { id: "c_who", label: "Who", type: "short-text" };
const age: FormElement = { id: "c_age", label: "Age", type: "number" };
const people: FormElement = { id: "q_people", label: "People", type: "repeat-field", components: [who, age] };
const values = { q_name: "Ada", q_colour: "Blue", q_people: [{ c_who: "Grace", c_age: "85" }, { c_who: "Alan" }] };

describe("the builder's preview keeps what the author entered", () => {
  it("keeps every value through a label edit, a new field and a reorder", () => {
    const added: FormElement = { id: "q_new", label: "", type: "email" };
    const next = [{ ...people, label: "Colleagues" }, added, { ...text, label: "Your name", required: true }, colour];
    assert.deepEqual(keptPreviewValues([text, colour, people], values, next), values);
  });

  it("drops the values of a deleted field, a type change and changed options", () => {
    const next = [
      { ...text, type: "email" },
      { ...colour, options: [colour.options![0]!, option("o2", "Navy")] },
    ];
    assert.deepEqual(keptPreviewValues([text, colour, people], values, next), {});
  });

  it("keeps a repeat field's rows and, in each, only the components still there and unchanged", () => {
    const next = [
      {
        ...people,
        components: [
          { ...who, label: "Name" },
          { ...age, type: "short-text" },
        ],
      },
    ];
    assert.deepEqual(keptPreviewValues([people], values, next), { q_people: [{ c_who: "Grace" }, { c_who: "Alan" }] });
  });
});
