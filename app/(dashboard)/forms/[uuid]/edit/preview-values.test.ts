import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { FormElement } from "@/db/schema";
import { keptPreviewValues } from "./preview-values";

const text: FormElement = { id: "q_name", label: "Name", type: "short-text" };
const colour: FormElement = {
  id: "q_colour",
  label: "Colour",
  type: "radio",
  options: [
    { id: "o1", label: "Red", value: "Red" },
    { id: "o2", label: "Blue", value: "Blue" },
  ],
};
const people: FormElement = {
  id: "q_people",
  label: "People",
  type: "repeat-field",
  components: [
    { id: "c_who", label: "Who", type: "short-text" },
    { id: "c_age", label: "Age", type: "number" },
  ],
};
const values = { q_name: "Ada", q_colour: "Blue", q_people: [{ c_who: "Grace", c_age: "85" }, { c_who: "Alan" }] };

describe("the builder's preview keeps what the author entered", () => {
  it("keeps every value through a label edit, a new field and a reorder", () => {
    const next = [{ ...people, label: "Colleagues" }, { id: "q_new", label: "", type: "email" }, { ...text, label: "Your name", required: true }, colour];
    assert.deepEqual(keptPreviewValues([text, colour, people], values, next), values);
  });

  it("drops the values of a deleted field, a type change and changed options", () => {
    const next = [
      { ...text, type: "email" },
      { ...colour, options: [colour.options![0]!, { id: "o2", label: "Navy", value: "Navy" }] },
    ];
    assert.deepEqual(keptPreviewValues([text, colour, people], values, next), {});
  });

  it("keeps a repeat field's rows and, in each, only the components still there and unchanged", () => {
    const next = [{ ...people, components: [{ ...people.components![0]!, label: "Name" }, { id: "c_age", label: "Age", type: "short-text" }] }];
    assert.deepEqual(keptPreviewValues([people], values, next), { q_people: [{ c_who: "Grace" }, { c_who: "Alan" }] });
  });
});
