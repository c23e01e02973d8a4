import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { FormElement } from "@/db/schema";
import { parseFormDefinition } from "./definition";
import {
  ELEMENT_TYPES,
  elementCategory,
  findElement,
  isChoiceType,
  isComposite,
  isFileUpload,
  isMultiChoice,
  isSingleChoice,
  isTextLike,
  walkElements,
} from "./element-types";
import { matrixElement, nameElement } from "@/e2e/fixtures/elements";

const fixture = (name: string): unknown => JSON.parse(readFileSync(path.join(process.cwd(), "e2e/fixtures/forms", name), "utf8"));

const form = (elements: unknown[], submissions?: unknown[]) => ({ name: "Form", elements, ...(submissions ? { submissions } : {}) });

/** The file is refused with exactly this message. */
function rejects(input: unknown, message: string) {
  assert.throws(() => parseFormDefinition(input), { name: "AppError", code: "BAD_REQUEST", message });
}

const text = (id: string, type = "short-text") => ({ id, label: id.toUpperCase(), type });
const opts = (...values: string[]) => values.map((v) => ({ id: `opt_${v}`, label: v, value: v }));
const radio = { id: "color", label: "Color", type: "radio", options: opts("red", "green") };
const checkbox = { id: "toppings", label: "Toppings", type: "multiple-checkbox", options: opts("ham", "egg") };
const matrix = matrixElement("grid", "Grid", { r1: "Row 1", r2: "Row 2" }, { c1: "Col 1", c2: "Col 2" });
const repeat = { id: "people", label: "People", type: "repeat-field", components: [text("who"), { ...radio, id: "fav" }] };
const nameEl = nameElement("fullname", "Name", { first: ["First", true], last: ["Last", false] });

// --- accepted files -------------------------------------------------------------------

test("the example contact form (every element type) is accepted as it is", () => {
  const file = fixture("contact.json") as { name: string; elements: FormElement[]; submissions: unknown[] };
  const def = parseFormDefinition(file);
  assert.equal(def.name, "Contact us");
  assert.deepEqual(def.elements, file.elements);
  assert.deepEqual(def.submissions, file.submissions);
  // Every type but file-upload, whose answers are files (its forms: e2e/api/uploads/).
  assert.deepEqual(new Set(def.elements.map((e) => e.type)), new Set(ELEMENT_TYPES.filter((t) => t !== "file-upload")));
});

test("a form without submissions gets an empty list; an empty element list is fine", () => {
  assert.deepEqual(parseFormDefinition({ name: "Empty", elements: [] }), { name: "Empty", elements: [], submissions: [] });
  assert.equal(parseFormDefinition(fixture("newsletter.json")).submissions.length, 0);
});

test("extra properties of elements, options, rows, columns and children are kept", () => {
  const elements = [
    { ...text("a"), required: true, placeholder: "Type here", validation: { max: 10 } },
    { ...radio, options: [{ id: "o1", label: "One", value: "1", imageUrl: "https://example.com/1.png" }] },
    { ...matrix, rows: [{ id: "r1", label: "R", weight: 2 }], columns: [{ id: "c1", label: "C", value: "5", color: "red" }] },
    { ...nameEl, children: [{ fixedname: "first", label: "First", required: true, placeholder: "Ada" }] },
    { ...repeat, components: [{ ...text("who"), hint: "full name" }], maxRows: 5 },
  ];
  assert.deepEqual(parseFormDefinition(form(elements)).elements, elements);
});

test("the name is trimmed", () => {
  assert.equal(parseFormDefinition({ name: "  Survey  ", elements: [] }).name, "Survey");
});

test("null in data means no answer, for every kind of element", () => {
  const data = { a: null, color: null, toppings: null, grid: null, people: null, fullname: null };
  const def = parseFormDefinition(form([text("a"), radio, checkbox, matrix, repeat, nameEl], [{ data }]));
  assert.deepEqual(def.submissions[0]!.data, data);
});

// --- the envelope -----------------------------------------------------------------------

test("the file must be a JSON object", () => {
  rejects(null, "the form file must be a JSON object");
  rejects([], "the form file must be a JSON object");
  rejects("form", "the form file must be a JSON object");
});

test("name is required, a non-empty string of at most 200 characters", () => {
  rejects({ elements: [] }, "name is required");
  rejects({ name: 3, elements: [] }, "name must be a string");
  rejects({ name: "   ", elements: [] }, "name must not be empty");
  rejects({ name: "x".repeat(201), elements: [] }, "name must be at most 200 characters");
});

test("elements is required and must be an array", () => {
  rejects({ name: "F" }, "elements is required");
  rejects({ name: "F", elements: {} }, "elements must be an array");
});

test("submissions, when present, must be an array", () => {
  rejects({ name: "F", elements: [], submissions: {} }, "submissions must be an array");
});

test("an unknown top-level property is an error (a typo would silently drop data)", () => {
  rejects(
    { name: "F", elements: [], submission: [] },
    "the form file has unknown property 'submission' (allowed: name, elements, description, endings, settings, submissions)",
  );
});

// --- elements -----------------------------------------------------------------------------

test("an element must be an object", () => {
  rejects(form([text("a"), "b"]), "elements[1] must be an object");
});

test("type is required and must be a known element type", () => {
  rejects(form([{ id: "a", label: "A" }]), "elements[0].type is required");
  rejects(form([{ id: "a", label: "A", type: 7 }]), "elements[0].type must be a string");
  rejects(
    form([text("a"), text("b"), text("c"), text("d"), { id: "e", label: "E", type: "foo" }]),
    "elements[4].type 'foo' is not a known element type (known: short-text, long-text, email, number, date, hidden, " +
      "phone, radio, dropdown, picture-checkbox, multiple-checkbox, ranking, matrix, repeat-field, name, address, file-upload)",
  );
});

test("id is required: a non-empty string without surrounding whitespace, at most 200 characters", () => {
  rejects(form([{ label: "A", type: "email" }]), "elements[0].id is required");
  rejects(form([{ id: 1, label: "A", type: "email" }]), "elements[0].id must be a string");
  rejects(form([{ id: "", label: "A", type: "email" }]), "elements[0].id must not be empty");
  rejects(form([{ id: " q1", label: "A", type: "email" }]), "elements[0].id must not start or end with whitespace");
  rejects(form([{ id: "q".repeat(201), label: "A", type: "email" }]), "elements[0].id must be at most 200 characters");
});

test("label is required and must be a string (it may be empty)", () => {
  rejects(form([{ id: "a", type: "hidden" }]), "elements[0].label is required");
  rejects(form([{ id: "a", label: null, type: "hidden" }]), "elements[0].label must be a string");
  assert.equal(parseFormDefinition(form([{ id: "a", label: "", type: "hidden" }])).elements[0]!.label, "");
});

test("required and countrySelector must be true or false", () => {
  rejects(form([{ ...text("a"), required: "yes" }]), "elements[0].required must be true or false");
  rejects(form([{ ...text("p", "phone"), countrySelector: 1 }]), "elements[0].countrySelector must be true or false");
});

test("every choice type needs options", () => {
  for (const type of ["radio", "dropdown", "picture-checkbox", "multiple-checkbox", "ranking"]) {
    rejects(form([text("a"), text("b"), { id: "c", label: "C", type }]), `elements[2].options is required for '${type}' elements`);
  }
  rejects(form([{ ...radio, options: [] }]), "elements[0].options must not be empty");
  rejects(form([{ ...radio, options: "red,green" }]), "elements[0].options must be an array");
});

test("each option needs an id, a label and a value, all strings", () => {
  rejects(form([{ ...radio, options: [{ label: "Red", value: "red" }] }]), "elements[0].options[0].id is required");
  rejects(form([{ ...radio, options: [{ id: "o", value: "red" }] }]), "elements[0].options[0].label is required");
  rejects(form([{ ...radio, options: [...opts("a"), { id: "o", label: "Red" }] }]), "elements[0].options[1].value is required");
  rejects(form([{ ...radio, options: [{ id: "o", label: "Red", value: 1 }] }]), "elements[0].options[0].value must be a string");
  rejects(form([{ ...radio, options: ["red"] }]), "elements[0].options[0] must be an object");
});

test("a matrix needs rows and columns, each with an id and a label", () => {
  const { rows: _r, ...noRows } = matrix;
  const { columns: _c, ...noColumns } = matrix;
  rejects(form([noRows]), "elements[0].rows is required for 'matrix' elements");
  rejects(form([noColumns]), "elements[0].columns is required for 'matrix' elements");
  rejects(form([{ ...matrix, columns: [] }]), "elements[0].columns must not be empty");
  rejects(form([{ ...matrix, rows: [{ label: "Row" }] }]), "elements[0].rows[0].id is required");
  rejects(form([{ ...matrix, columns: [{ id: "c" }] }]), "elements[0].columns[0].label is required");
  rejects(form([{ ...matrix, columns: [{ id: "c", label: "C", value: 5 }] }]), "elements[0].columns[0].value must be a string");
});

test("a repeat-field needs components, which are validated like elements", () => {
  rejects(form([{ id: "r", label: "R", type: "repeat-field" }]), "elements[0].components is required for 'repeat-field' elements");
  rejects(form([{ ...repeat, components: [] }]), "elements[0].components must not be empty");
  rejects(
    form([{ ...repeat, components: [text("a"), { id: "b", label: "B", type: "radio" }] }]),
    "elements[0].components[1].options is required for 'radio' elements",
  );
  rejects(
    form([{ ...repeat, components: [{ ...repeat, id: "inner", components: [{ id: "x", label: "X", type: "slider" }] }] }]),
    "elements[0].components[0].components[0].type 'slider' is not a known element type " +
      "(known: short-text, long-text, email, number, date, hidden, phone, radio, dropdown, picture-checkbox, " +
      "multiple-checkbox, ranking, matrix, repeat-field, name, address)",
  );
});

test("name and address need children {fixedname, label, required}", () => {
  rejects(form([{ id: "n", label: "N", type: "name" }]), "elements[0].children is required for 'name' elements");
  rejects(form([{ id: "a", label: "A", type: "address", children: [] }]), "elements[0].children must not be empty");
  rejects(form([{ ...nameEl, children: [{ label: "First", required: true }] }]), "elements[0].children[0].fixedname is required");
  rejects(form([{ ...nameEl, children: [{ fixedname: "first", required: true }] }]), "elements[0].children[0].label is required");
  rejects(form([{ ...nameEl, children: [{ fixedname: "first", label: "First" }] }]), "elements[0].children[0].required is required");
  rejects(
    form([{ ...nameEl, children: [{ fixedname: "first", label: "First", required: "no" }] }]),
    "elements[0].children[0].required must be true or false",
  );
});

test("options, rows, columns, components and children are refused on types that do not use them", () => {
  rejects(
    form([{ ...text("a"), options: opts("x") }]),
    "elements[0].options is only allowed on radio, dropdown, picture-checkbox, multiple-checkbox, ranking elements",
  );
  rejects(form([{ ...radio, rows: matrix.rows }]), "elements[0].rows is only allowed on matrix elements");
  rejects(form([{ ...radio, columns: matrix.columns }]), "elements[0].columns is only allowed on matrix elements");
  rejects(form([{ ...text("a"), components: [text("b")] }]), "elements[0].components is only allowed on repeat-field elements");
  rejects(form([{ ...matrix, children: nameEl.children }]), "elements[0].children is only allowed on name, address elements");
});

// --- unique ids ---------------------------------------------------------------------------

test("element ids are unique across the whole tree, repeat-field components included", () => {
  rejects(form([text("q1"), text("q2"), text("q1")]), "elements[0].id 'q1' is used twice (again at elements[2])");
  rejects(form([text("who"), repeat]), "elements[0].id 'who' is used twice (again at elements[1].components[0])");
});

test("option ids and option values are unique within an element", () => {
  rejects(
    form([
      {
        ...radio,
        options: [
          { id: "o1", label: "A", value: "a" },
          { id: "o1", label: "B", value: "b" },
        ],
      },
    ]),
    "elements[0].options[0].id 'o1' is used twice (again at elements[0].options[1])",
  );
  rejects(
    form([
      {
        ...radio,
        options: [
          { id: "o1", label: "A", value: "a" },
          { id: "o2", label: "B", value: "a" },
        ],
      },
    ]),
    "elements[0].options[0].value 'a' is used twice (again at elements[0].options[1])",
  );
  // The same option ids in two elements are fine.
  parseFormDefinition(form([radio, { ...radio, id: "color2" }]));
});

test("matrix row ids and column ids are unique within their axis", () => {
  rejects(
    form([
      {
        ...matrix,
        rows: [
          { id: "r", label: "1" },
          { id: "r", label: "2" },
        ],
      },
    ]),
    "elements[0].rows[0].id 'r' is used twice (again at elements[0].rows[1])",
  );
  rejects(
    form([
      {
        ...matrix,
        columns: [
          { id: "c", label: "1" },
          { id: "c", label: "2" },
        ],
      },
    ]),
    "elements[0].columns[0].id 'c' is used twice (again at elements[0].columns[1])",
  );
  // A row and a column may share an id.
  parseFormDefinition(form([{ ...matrix, rows: [{ id: "x", label: "X" }], columns: [{ id: "x", label: "X" }] }]));
});

test("fixednames are unique within a composite", () => {
  rejects(
    form([
      {
        ...nameEl,
        children: [
          { fixedname: "first", label: "A", required: true },
          { fixedname: "first", label: "B", required: true },
        ],
      },
    ]),
    "elements[0].children[0].fixedname 'first' is used twice (again at elements[0].children[1])",
  );
});

// --- submissions ------------------------------------------------------------------------

test("a submission must be an object with data", () => {
  rejects(form([], ["x"]), "submissions[0] must be an object");
  rejects(form([], [{}]), "submissions[0].data is required");
  rejects(form([], [{ data: {} }, { data: {} }, { data: {} }, { data: [] }]), "submissions[3].data must be an object");
  rejects(form([], [{ data: null }]), "submissions[0].data must be an object");
});

test("submission metadata: ISO dates with a zone, updatedAt not before createdAt, duration, spam", () => {
  rejects(
    form([], [{ data: {}, createdAt: "2024-05-01" }]),
    "submissions[0].createdAt must be an ISO 8601 date-time with a time zone, e.g. 2024-05-01T09:30:00Z",
  );
  rejects(
    form([], [{ data: {}, updatedAt: "2024-05-01T10:00:00" }]),
    "submissions[0].updatedAt must be an ISO 8601 date-time with a time zone, e.g. 2024-05-01T09:30:00Z",
  );
  rejects(
    form([], [{ data: {}, createdAt: "2024-05-01T10:00:00Z", updatedAt: "2024-05-01T11:00:00+02:00" }]),
    "submissions[0].updatedAt must not be before createdAt",
  );
  rejects(form([], [{ data: {}, duration: -1 }]), "submissions[0].duration must be at least 0");
  rejects(form([], [{ data: {}, duration: 1.5 }]), "submissions[0].duration must be an integer");
  rejects(form([], [{ data: {}, duration: "12" }]), "submissions[0].duration must be a number");
  rejects(form([], [{ data: {}, duration: 2 ** 31 }]), "submissions[0].duration must be at most 2147483647");
  rejects(form([], [{ data: {}, spam: "no" }]), "submissions[0].spam must be true or false");
  rejects(
    form([], [{ data: {}, id: "abc" }]),
    "submissions[0] has unknown property 'id' (allowed: data, createdAt, updatedAt, duration, spam)",
  );
  const def = parseFormDefinition(
    form([], [{ data: {}, createdAt: "2024-05-01T10:00:00.123+02:00", updatedAt: "2024-05-01T08:00:00.123Z", duration: 0, spam: true }]),
  );
  assert.equal(def.submissions[0]!.duration, 0);
});

test("data is keyed by top-level element ids", () => {
  rejects(
    form([text("a"), repeat], [{ data: { a: "x", who: "y", zz: 1 } }]),
    "submissions[0].data has unknown element ids 'who', 'zz' (known: 'a', 'people')",
  );
  rejects(form([text("my field")], [{ data: { "my field": true } }]), 'submissions[0].data["my field"] must be a string or a number');
});

test("data values of text-like elements are strings or numbers; phone values are strings", () => {
  for (const type of ["short-text", "long-text", "email", "number", "date", "hidden"]) {
    parseFormDefinition(form([text("a", type)], [{ data: { a: "x" } }, { data: { a: 3 } }]));
    rejects(form([text("a", type)], [{ data: { a: ["x"] } }]), "submissions[0].data.a must be a string or a number");
  }
  rejects(form([text("p", "phone")], [{ data: { p: 441234 } }]), "submissions[0].data.p must be a string");
});

test("single-choice data is one option value (not the id or label)", () => {
  for (const type of ["radio", "dropdown", "picture-checkbox"]) {
    parseFormDefinition(form([{ ...radio, type }], [{ data: { color: "red" } }]));
    rejects(
      form([{ ...radio, type }], [{ data: { color: "opt_red" } }]),
      "submissions[0].data.color must be one of the option values of 'color' ('red', 'green')",
    );
  }
  rejects(form([radio], [{ data: { color: ["red"] } }]), "submissions[0].data.color must be a string");
});

test("multi-choice data is an array of distinct option values", () => {
  for (const type of ["multiple-checkbox", "ranking"]) {
    parseFormDefinition(form([{ ...checkbox, type }], [{ data: { toppings: ["egg", "ham"] } }, { data: { toppings: [] } }]));
    rejects(
      form([{ ...checkbox, type }], [{ data: { toppings: "ham" } }]),
      "submissions[0].data.toppings must be an array of option values",
    );
  }
  rejects(
    form([checkbox], [{ data: { toppings: ["ham", "cheese"] } }]),
    "submissions[0].data.toppings[1] must be one of the option values of 'toppings' ('ham', 'egg')",
  );
  rejects(form([checkbox], [{ data: { toppings: ["ham", "ham"] } }]), "submissions[0].data.toppings must not list an option twice");
});

test("matrix data is {rowId: {columnId: cell}}", () => {
  parseFormDefinition(form([matrix], [{ data: { grid: { r1: { c1: true }, r2: { c1: "x", c2: 3 } } } }]));
  rejects(form([matrix], [{ data: { grid: "r1" } }]), "submissions[0].data.grid must be an object keyed by row id");
  rejects(form([matrix], [{ data: { grid: { r3: {} } } }]), "submissions[0].data.grid has unknown row id 'r3' (known: 'r1', 'r2')");
  rejects(form([matrix], [{ data: { grid: { r1: "c1" } } }]), "submissions[0].data.grid.r1 must be an object keyed by column id");
  rejects(
    form([matrix], [{ data: { grid: { r1: { c9: true } } } }]),
    "submissions[0].data.grid.r1 has unknown column id 'c9' (known: 'c1', 'c2')",
  );
  rejects(
    form([matrix], [{ data: { grid: { r1: { c1: [] } } } }]),
    "submissions[0].data.grid.r1.c1 must be a string, a number or true/false",
  );
});

test("repeat-field data is an array of rows keyed by component id, validated per component", () => {
  parseFormDefinition(form([repeat], [{ data: { people: [{ who: "Ada", fav: "red" }, {}] } }]));
  rejects(
    form([repeat], [{ data: { people: { who: "Ada" } } }]),
    "submissions[0].data.people must be an array of objects keyed by component id",
  );
  rejects(form([repeat], [{ data: { people: ["Ada"] } }]), "submissions[0].data.people[0] must be an object keyed by component id");
  rejects(
    form([repeat], [{ data: { people: [{ who: "Ada" }, { whom: "Bob" }] } }]),
    "submissions[0].data.people[1] has unknown component id 'whom' (known: 'who', 'fav')",
  );
  rejects(
    form([repeat], [{ data: { people: [{ fav: "blue" }] } }]),
    "submissions[0].data.people[0].fav must be one of the option values of 'fav' ('red', 'green')",
  );
});

test("name and address data is {fixedname: string}", () => {
  parseFormDefinition(form([nameEl], [{ data: { fullname: { first: "Ada" } } }]));
  rejects(form([nameEl], [{ data: { fullname: "Ada Lovelace" } }]), "submissions[0].data.fullname must be an object keyed by sub-field");
  rejects(
    form([nameEl], [{ data: { fullname: { middle: "B" } } }]),
    "submissions[0].data.fullname has unknown sub-field 'middle' (known: 'first', 'last')",
  );
  rejects(form([nameEl], [{ data: { fullname: { first: 1 } } }]), "submissions[0].data.fullname.first must be a string");
});

test("several problems are reported together, at most five", () => {
  rejects(
    form([
      { id: "a", label: "A", type: "radio" },
      { id: "b", type: "email" },
    ]),
    "elements[0].options is required for 'radio' elements; elements[1].label is required",
  );
  rejects(
    form(["1", "2", "3", "4", "5", "6", "7"]),
    "elements[0] must be an object; elements[1] must be an object; elements[2] must be an object; " +
      "elements[3] must be an object; elements[4] must be an object; and 2 more problems",
  );
});

// --- element-types helpers -------------------------------------------------------------

test("element categories: every type has exactly one", () => {
  assert.equal(ELEMENT_TYPES.length, 17);
  assert.deepEqual(ELEMENT_TYPES.filter(isFileUpload), ["file-upload"]);
  assert.deepEqual(ELEMENT_TYPES.filter(isTextLike), ["short-text", "long-text", "email", "number", "date", "hidden", "phone"]);
  assert.deepEqual(ELEMENT_TYPES.filter(isSingleChoice), ["radio", "dropdown", "picture-checkbox"]);
  assert.deepEqual(ELEMENT_TYPES.filter(isMultiChoice), ["multiple-checkbox", "ranking"]);
  assert.deepEqual(ELEMENT_TYPES.filter(isChoiceType), ["radio", "dropdown", "picture-checkbox", "multiple-checkbox", "ranking"]);
  assert.deepEqual(ELEMENT_TYPES.filter(isComposite), ["name", "address"]);
  assert.equal(elementCategory("matrix"), "matrix");
  assert.equal(elementCategory("repeat-field"), "repeat");
  assert.equal(elementCategory("statement"), null);
});

test("walkElements visits every element depth first, repeat-field components included", () => {
  const inner = { ...repeat, id: "inner", components: [text("deep")] };
  const elements = [text("a"), { ...repeat, components: [text("who"), inner] }, text("z")] as FormElement[];
  const walked = [...walkElements(elements)].map((w) => [w.element.id, w.path.join("/"), w.parent?.id ?? null, w.depth]);
  assert.deepEqual(walked, [
    ["a", "elements/0", null, 0],
    ["people", "elements/1", null, 0],
    ["who", "elements/1/components/0", "people", 1],
    ["inner", "elements/1/components/1", "people", 1],
    ["deep", "elements/1/components/1/components/0", "inner", 2],
    ["z", "elements/2", null, 0],
  ]);
  assert.equal(findElement(elements, "deep")?.label, "DEEP");
  assert.equal(findElement(elements, "nope"), null);
});

test("file-upload: maxFiles, maxFileSizeMb and accept only on it; only at the top level; its answers are files", () => {
  const cv = { id: "cv", label: "CV", type: "file-upload", maxFiles: 2, maxFileSizeMb: 5, accept: [".pdf", "image/*"] };
  assert.deepEqual(parseFormDefinition({ name: "Jobs", elements: [cv] }).elements, [cv]);
  rejects(form([{ ...text("a"), maxFiles: 2 }]), "elements[0].maxFiles is only allowed on file-upload elements");
  rejects(form([{ ...cv, maxFiles: 0 }]), "elements[0].maxFiles must be at least 1");
  rejects(form([{ ...cv, maxFileSizeMb: 0 }]), "elements[0].maxFileSizeMb must be greater than 0");
  rejects(
    form([{ ...cv, accept: ["pdf"] }]),
    "elements[0].accept[0] must be a file name extension such as .pdf or a media type such as image/png or image/*",
  );
  rejects(
    form([{ ...repeat, components: [cv] }]),
    "elements[0].components[0].type 'file-upload' is only allowed at the top level of a form",
  );
  rejects({ name: "Jobs", elements: [cv], submissions: [{ data: { cv: "a file" } }] }, "submissions[0].data.cv must be an array of files");
});
