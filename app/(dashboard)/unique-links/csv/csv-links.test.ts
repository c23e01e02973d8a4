import assert from "node:assert/strict";
import { test } from "node:test";
import type { EditorField, EditorInput } from "@/server/services/prefills/editor-fields";
import { editorField } from "../../_components/prefill-editor/editor-field.fixture";
import { issueReason, problemAt, readLinksCsv, templateCsv } from "./csv-links";

const f = (id: string, label: string, input: EditorInput, extra: Partial<EditorField> = {}) => editorField(id, input, { label, ...extra });
const fields = [
  f("company", "Company", "text"),
  f("topic", "Topic", "choice", { options: [{ id: "opt_sales", label: "Sales" }] }),
  f("tags", "Tags", "checkboxes", {
    options: [
      { id: "t1", label: "Red" },
      { id: "t2", label: "Blue" },
    ],
  }),
  f("grid", "Grid", "matrix", { rows: [{ id: "r1", label: "Speed" }], columns: [{ id: "c1", label: "Good" }] }),
  f("who", "Full name", "composite", { parts: [{ key: "first_name", label: "First name" }] }),
  f("people", "People", "repeat"),
];

test("the template names entry name, expiry and every field by label", () => {
  assert.equal(templateCsv(fields), "entry name,expiry,Company,Topic,Tags,Grid,Full name,People\r\n");
});

test("rows become links; labels become ids; blank cells are not prefilled; columns by label or id", () => {
  const csv =
    "Entry name,Expiry,company,Topic,Tags,Grid,Full name,People\n" +
    'ada,2099-01-01,Acme,Sales,Red; t2,Speed=Good,First name=Ada,"[{""x"":1}]"\n' +
    "bob,,,,,,,\n";
  const { links, problems } = readLinksCsv(csv, fields);
  assert.deepEqual(problems, []);
  assert.deepEqual(links[0], {
    line: 2,
    entryName: "ada",
    expiresAt: "2099-01-01",
    prefillData: [
      { id: "company", value: "Acme" },
      { id: "topic", value: "opt_sales" },
      { id: "tags", value: ["t1", "t2"] },
      { id: "grid", value: { r1: { c1: true } } },
      { id: "who", value: { first_name: "Ada" } },
      { id: "people", value: [{ x: 1 }] },
    ],
    columns: ["company", "Topic", "Tags", "Grid", "Full name", "People"],
  });
  assert.deepEqual(links[1], { line: 3, entryName: "bob", prefillData: [], columns: [] });
});

test("unknown columns and a missing entry name column are reported on line 1", () => {
  const { links, problems } = readLinksCsv("email,Colour\nx,y\n", fields);
  assert.deepEqual(links, []);
  assert.deepEqual(
    problems.map((p) => [p.line, p.column]),
    [
      [1, "email"],
      [1, "Colour"],
      [1, null],
    ],
  );
});

test("a server problem maps to the CSV line and column", () => {
  const { links } = readLinksCsv("entry name,expiry,Company,Topic\nada,,Acme,Nope\nbob,2001-01-01,,\n", fields);
  const cols = { entry: "entry name", expiry: "expiry" };
  assert.deepEqual(
    problemAt({ path: ["unique_links", 0, "prefill_data", 1, "value"], reason: "'Nope' is not an option of 'topic'" }, links, cols),
    {
      line: 2,
      column: "Topic",
      message: "'Nope' is not an option of 'topic'",
    },
  );
  assert.deepEqual(problemAt({ path: ["links", 1, "expiresAt"], reason: "must be in the future" }, links, cols), {
    line: 3,
    column: "expiry",
    message: "Must be in the future",
  });
  assert.equal(problemAt({ path: ["unique_links", 1, "entry_name"], reason: "x" }, links, cols)?.column, "entry name");
  assert.equal(problemAt({ path: ["formUuid"], reason: "x" }, links, cols), null);
  assert.equal(
    issueReason({ path: ["links", 3, "expiresAt"], message: "links[3].expiresAt must be in the future" }),
    "must be in the future",
  );
});
