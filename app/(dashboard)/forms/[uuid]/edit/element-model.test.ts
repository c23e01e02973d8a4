import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ELEMENT_TYPES } from "@/lib/forms/element-types";
import { changeType, duplicateElement, move, newElement, pasteOptions, renameOption, setCompositePart } from "./element-model";

describe("builder element edits keep ids stable", () => {
  it("makes every type with fresh, distinct ids", () => {
    const ids = ELEMENT_TYPES.map((t) => newElement(t).id);
    assert.equal(new Set(ids).size, ELEMENT_TYPES.length);
    for (const id of ids) assert.match(id, /^el_[0-9a-z]{6}$/);
  });

  it("keeps option ids through rename, reorder and a type change", () => {
    const radio = { ...newElement("radio"), options: pasteOptions([], "Red\n\n Green \nBlue\n") };
    assert.deepEqual(
      radio.options!.map((o) => o.label),
      ["Red", "Green", "Blue"],
    );
    const ids = radio.options!.map((o) => o.id);
    const renamed = { ...radio, options: radio.options!.map((o, i) => (i === 0 ? renameOption(o, "Crimson") : o)) };
    const moved = { ...renamed, options: move(renamed.options, 0, 2) };
    const asRanking = changeType(moved, "ranking");
    assert.equal(asRanking.id, radio.id);
    assert.equal(asRanking.type, "ranking");
    assert.deepEqual(
      asRanking.options!.map((o) => o.id),
      [ids[1], ids[2], ids[0]],
    );
    assert.deepEqual(asRanking.options![2], { id: ids[0], label: "Crimson", value: "Crimson" });
  });

  it("refuses a type change that would lose data, and drops phone-only keys", () => {
    const matrix = newElement("matrix");
    assert.equal(changeType(matrix, "radio"), matrix);
    const phone = { ...newElement("phone"), countrySelector: true };
    const email = changeType(phone, "email");
    assert.equal(email.countrySelector, undefined);
    assert.equal(email.id, phone.id);
  });

  it("gives a duplicate new ids everywhere", () => {
    const repeat = { ...newElement("repeat-field"), components: [newElement("short-text")] };
    const copy = duplicateElement(repeat);
    assert.notEqual(copy.id, repeat.id);
    assert.notEqual(copy.components![0]!.id, repeat.components[0]!.id);
  });

  it("shows and requires composite parts in catalog order", () => {
    const name = newElement("name");
    assert.deepEqual(
      name.children!.map((c) => c.fixedname),
      ["first_name", "last_name"],
    );
    const withMiddle = setCompositePart(name, "middle_name", { shown: true, required: true });
    assert.deepEqual(withMiddle.children, [
      { fixedname: "first_name", label: "First name", required: true },
      { fixedname: "middle_name", label: "Middle name", required: true },
      { fixedname: "last_name", label: "Last name", required: true },
    ]);
  });
});
