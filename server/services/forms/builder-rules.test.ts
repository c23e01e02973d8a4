import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseFormDefinition, publishProblems } from "@/lib/forms/definition";
import { ZDraftElements } from "./draft-shape";

const radio = (id: string, options: { id: string; label: string; value: string }[], label = "Pick one") => ({
  id,
  label,
  type: "radio",
  options,
});

describe("publishProblems", () => {
  it("passes a tree the import accepts and that has every label", () => {
    const elements = [
      radio("q1", [{ id: "o1", label: "Yes", value: "Yes" }]),
      { id: "q2", label: "Name", type: "name", children: [{ fixedname: "first_name", label: "First", required: true }] },
    ];
    assert.deepEqual(publishProblems(elements), []);
    assert.doesNotThrow(() => parseFormDefinition({ name: "F", elements }));
  });

  it("answers each problem with its element path, as the import names it", () => {
    const problems = publishProblems([
      radio("q1", []),
      { id: "q2", label: "", type: "short-text" },
      { id: "q3", label: "Grid", type: "matrix", rows: [{ id: "r1", label: "" }], columns: [] },
      { id: "q4", label: "People", type: "repeat-field", components: [{ id: "q1", label: "Who", type: "short-text" }] },
    ]);
    assert.deepEqual(problems.map((p) => p.message).sort(), [
      "elements[0].id 'q1' is used twice (again at elements[3].components[0])",
      "elements[0].options must not be empty",
      "elements[1].label must not be empty",
      "elements[2].columns must not be empty",
      "elements[2].rows[0].label must not be empty",
    ]);
    const options = problems.find((p) => p.message === "elements[0].options must not be empty")!;
    assert.deepEqual(options.path, ["elements", 0, "options"]);
    assert.equal(options.reason, "must not be empty");
  });

  it("uses the import's rules: the import refuses what publishing refuses for structure", () => {
    const tree = [
      radio("q1", [
        { id: "o1", label: "A", value: "A" },
        { id: "o2", label: "A", value: "A" },
      ]),
    ];
    assert.deepEqual(
      publishProblems(tree).map((p) => p.message),
      ["elements[0].options[0].value 'A' is used twice (again at elements[0].options[1])"],
    );
    assert.throws(() => parseFormDefinition({ name: "F", elements: tree }), /elements\[0\]\.options\[0\]\.value 'A' is used twice/);
  });

  it("refuses an unknown type and a structural key on the wrong type", () => {
    assert.deepEqual(
      publishProblems([{ id: "a", label: "A", type: "short-text", options: [] }]).map((p) => p.message),
      ["elements[0].options is only allowed on radio, dropdown, picture-checkbox, multiple-checkbox, ranking elements"],
    );
  });
});

describe("draft shape (autosave)", () => {
  it("keeps what is merely unfinished", () => {
    const draft = [radio("q1", [], ""), { id: "q2", label: "", type: "matrix", rows: [], columns: [] }];
    assert.equal(ZDraftElements.safeParse(draft).success, true);
  });

  it("refuses garbage and oversized trees", () => {
    for (const bad of [
      [{ id: "q1", label: "A", type: "statement" }],
      [{ id: "", label: "A", type: "short-text" }],
      [{ id: "q1", label: 7, type: "short-text" }],
      [{ id: "q1", label: "A", type: "short-text", options: "x" }],
      [{ id: "q1", label: "x".repeat(2_001), type: "short-text" }],
      Array.from({ length: 301 }, (_, i) => ({ id: `q${i}`, label: "A", type: "short-text" })),
      [
        {
          id: "q1",
          label: "A",
          type: "repeat-field",
          components: [{ id: "q2", label: "B", type: "repeat-field", components: [{ id: "q3" }] }],
        },
      ],
      { elements: [] },
    ]) {
      assert.equal(ZDraftElements.safeParse(bad).success, false, JSON.stringify(bad).slice(0, 80));
    }
  });
});
