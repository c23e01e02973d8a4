import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import type { FormElement } from "@/db/schema";
import { fieldPath, fieldProblems, readFormFields } from "./form-fields";
import { createAnswersValidator } from "@/lib/answers/validate-answers";

const CONTACT: FormElement[] = JSON.parse(readFileSync("e2e/fixtures/forms/contact.json", "utf8")).elements;
const validate = createAnswersValidator(CONTACT);
const read = (fields: [string, string][]) => readFormFields(CONTACT, fields);
const problems = (fields: [string, string][]) => fieldProblems(read(fields), validate);

test("field names are read as Conform reads them; built-in names and broken syntax are not", () => {
  assert.deepEqual(fieldPath("colleagues[1].colleague_name"), ["colleagues", 1, "colleague_name"]);
  assert.deepEqual(fieldPath("products[]"), ["products", ""]);
  for (const name of ["toString", "x.valueOf", "a[0].__proto__", "constructor", "a[", "a..b", "a.[0]", ".a", "[]", "a[][0]", "a]", ""]) {
    assert.equal(fieldPath(name), null, name);
  }
});

test("names by the README's rules pass; list values become consecutive indexes in order", () => {
  const fields: [string, string][] = [
    ["full_name.first_name", "Ada"],
    ["priorities[2]", "price"],
    ["products", "forms"],
    ["priorities[0]", "speed"],
    ["products", "api"],
    ["satisfaction.row_docs", "col_ok"],
    ["colleagues[3].colleague_name", "Grace"],
    ["phone.country", "GB"],
    ["phone.number", "20 7123 4567"],
    ["_start", "token"],
    ["_other", "dropped"],
    ["ghost", "left for the validator"],
  ];
  assert.deepEqual(read(fields), {
    fields: [
      ["full_name.first_name", "Ada"],
      ["priorities[0]", "speed"],
      ["priorities[1]", "price"],
      ["products[0]", "forms"],
      ["products[1]", "api"],
      ["satisfaction.row_docs", "col_ok"],
      ["colleagues[3].colleague_name", "Grace"],
      ["phone.country", "GB"],
      ["phone.number", "20 7123 4567"],
      ["_start", "token"],
      ["ghost", "left for the validator"],
    ],
    wrongShape: [],
    unreadable: [],
  });
  assert.deepEqual(read([["priorities", "price"]]).fields, [["priorities[0]", "price"]]);
  assert.deepEqual(
    read([
      ["products[]", "api"],
      ["products[]", "forms"],
    ]).fields,
    [
      ["products[0]", "api"],
      ["products[1]", "forms"],
    ],
  );
});

test("a wrong shape leaves the element out with the validator's own sentence for it", () => {
  const cases: [[string, string][], string, string][] = [
    [[["priorities.x", "price"]], "priorities", "priorities must be an array of option values"],
    [
      [
        ["priorities[0]", "price"],
        ["priorities", "speed"],
      ],
      "priorities",
      "priorities must be an array of option values",
    ],
    [[["colleagues", "Grace"]], "colleagues", "colleagues must be an array of objects keyed by component id"],
    [[["colleagues[0]", "Grace"]], "colleagues", "colleagues must be an array of objects keyed by component id"],
    [
      [
        ["colleagues[0].colleague_name", "a"],
        ["colleagues[0].colleague_name", "b"],
      ],
      "colleagues",
      "colleagues must be an array of objects keyed by component id",
    ],
    [
      [
        ["email", "a@b.co"],
        ["email", "c@d.co"],
      ],
      "email",
      "email must be a string or a number",
    ],
    [[["email.x", "a@b.co"]], "email", "email must be a string or a number"],
    [[["email.toString", "a@b.co"]], "email", "email must be a string or a number"],
    [[["topic[0]", "sales"]], "topic", "topic must be a string"],
    [
      [
        ["full_name", "Ada"],
        ["full_name.first_name", "Ada"],
      ],
      "full_name",
      "full_name must be an object keyed by sub-field",
    ],
    [
      [
        ["satisfaction.row_docs", "col_ok"],
        ["satisfaction.row_docs", "col_bad"],
      ],
      "satisfaction",
      "satisfaction must be an object keyed by row id",
    ],
    [
      [
        ["phone", "+44 1"],
        ["phone.number", "1"],
      ],
      "phone",
      "phone must be a string",
    ],
  ];
  for (const [fields, id, message] of cases) {
    const r = read([...fields, ["message", "kept"]]);
    assert.deepEqual([r.fields, r.wrongShape], [[["message", "kept"]], [id]], JSON.stringify(fields));
    assert.deepEqual(fieldProblems(r, validate), { [id]: [message] });
  }
});

test("names Conform cannot hold are the whole form's problem; 20 listed, the rest counted", () => {
  assert.deepEqual(
    problems([
      ["toString", "x"],
      ["isPrototypeOf[0]", "y"],
      ["a[", "z"],
      ["__proto__.x", "reserved"],
    ]),
    {
      "": [
        "'toString' is not an element of this form",
        "'isPrototypeOf[0]' is not an element of this form",
        "'a[' is not an element of this form",
      ],
    },
  );
  const many = problems(Array.from({ length: 25 }, (_, i): [string, string] => [`valueOf.x${i}`, "1"]))![""]!;
  assert.equal(many.length, 21);
  assert.equal(many[20], "and 5 more unknown element ids");
});

test("an __intent__ is kept only as a list change the page could make", () => {
  const kept = (intent: unknown) => read([["__intent__", JSON.stringify(intent)]]).fields.length === 1;
  assert.equal(kept({ type: "insert", payload: { name: "colleagues" } }), true);
  assert.equal(kept({ type: "insert", payload: { name: "colleagues", defaultValue: { colleague_name: "Ada" } } }), true);
  assert.equal(kept({ type: "reorder", payload: { name: "priorities", from: 0, to: 2 } }), true);
  assert.equal(kept({ type: "remove", payload: { name: "colleagues", index: 0 } }), true);
  assert.equal(kept({ type: "insert", payload: { name: "priorities.x" } }), false);
  assert.equal(kept({ type: "insert", payload: { name: "email" } }), false);
  assert.equal(kept({ type: "insert", payload: { name: "colleagues", defaultValue: "Ada" } }), false);
  assert.equal(kept({ type: "insert", payload: { name: "colleagues", defaultValue: { colleague_name: { first: "Ada" } } } }), false);
  assert.equal(kept({ type: "insert", payload: { name: "priorities", defaultValue: 7 } }), false);
  assert.equal(kept({ type: "insert" }), false);
  const two = read([
    ["__intent__", JSON.stringify({ type: "insert", payload: { name: "colleagues" } })],
    ["__intent__", JSON.stringify({ type: "insert", payload: { name: "colleagues" } })],
  ]);
  assert.equal(two.fields.length, 1, "Conform reads the first one only");
});
