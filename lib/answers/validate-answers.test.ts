import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import type { FormElement } from "@/db/schema";
import { formValuesToData } from "./form-values";
import { createAnswersValidator, type AnswersResult } from "./validate-answers";
import { matrixElement } from "@/e2e/fixtures/elements";

const CONTACT: FormElement[] = JSON.parse(readFileSync("e2e/fixtures/forms/contact.json", "utf8")).elements;
const validate = createAnswersValidator(CONTACT);
const REQUIRED = { full_name: { first_name: "Ada", last_name: "Lovelace" }, email: "ada@example.com", message: "Hi" };

const ok = (r: AnswersResult) => {
  assert.equal(r.ok, true, JSON.stringify(r));
  return (r as Extract<AnswersResult, { ok: true }>).data;
};
const issues = (r: AnswersResult) => {
  assert.equal(r.ok, false);
  return (r as Extract<AnswersResult, { ok: false }>).issues.map((i) => [i.path.join("."), i.message]);
};

test("the contact fixture's own submission is valid and stored canonically", () => {
  const [first] = JSON.parse(readFileSync("e2e/fixtures/forms/contact.json", "utf8")).submissions;
  const data = ok(validate(first.data));
  assert.deepEqual(data.phone, "+442071234567");
  assert.deepEqual(data.satisfaction, { row_docs: { col_great: "3" }, row_support: { col_ok: "2" } });
  assert.deepEqual(data.colleagues, first.data.colleagues);
});

test("text is trimmed, line breaks become \\n, numbers become JSON numbers, -0 is 0", () => {
  const data = ok(validate({ ...REQUIRED, subject: "  x  ", message: "a\r\nb\rc", employees: "-0" }));
  assert.deepEqual([data.subject, data.message, data.employees], ["x", "a\nb\nc", 0]);
  assert.equal(Object.is(data.employees, -0), false);
});

test("numbers: decimal text or JSON numbers within ±1e15; anything else is refused", () => {
  for (const good of ["12", "-3.5", 7, 1e15]) ok(validate({ ...REQUIRED, employees: good }));
  assert.deepEqual(issues(validate({ ...REQUIRED, employees: "1e3" })), [["employees", "Enter a number, like 12 or 3.5"]]);
  assert.deepEqual(issues(validate({ ...REQUIRED, employees: "1".repeat(30) }))[0]![0], "employees");
  assert.deepEqual(
    issues(validate({ ...REQUIRED, employees: 1e16 }))[0]![1],
    "Enter a number between -1,000,000,000,000,000 and 1,000,000,000,000,000",
  );
});

test("dates: real calendar dates, YYYY-MM-DD or ISO date-times, years 0001–9999", () => {
  for (const good of ["2024-02-29", "2030-06-03T10:00:00Z"]) ok(validate({ ...REQUIRED, callback_on: good }));
  for (const bad of ["2023-02-29", "10000-01-01", "0000-01-01", "03/06/2030", "tomorrow"]) {
    assert.deepEqual(
      issues(validate({ ...REQUIRED, callback_on: bad })),
      [["callback_on", "Enter a real date as YYYY-MM-DD, between the years 0001 and 9999"]],
      bad,
    );
  }
});

test("phone: resolved like prefills (phone.ts) with the selector on; as entered with it off", () => {
  assert.equal(ok(validate({ ...REQUIRED, phone: "+1 (555) 123-4567" })).phone, "+15551234567");
  assert.equal(ok(validate({ ...REQUIRED, phone: "020 7123" })).phone, "0207123");
  assert.deepEqual(issues(validate({ ...REQUIRED, phone: "+44-" })), [["phone", "Enter the number after +44"]]);
  assert.deepEqual(issues(validate({ ...REQUIRED, phone: "+" })), [["phone", "Enter the country code after +, like +44"]]);
  const off = createAnswersValidator([{ id: "p", label: "P", type: "phone" }]);
  assert.deepEqual(ok(off({ p: " 555-1234 ext. 9 " })), { p: "555-1234 ext. 9" });
});

test("unstorable text (NUL, lone surrogates) is refused wherever it is; emoji are fine", () => {
  assert.deepEqual(issues(validate({ ...REQUIRED, subject: "a\u0000" })), [
    ["subject", "Remove the invisible control characters from this answer"],
  ]);
  assert.deepEqual(issues(validate({ ...REQUIRED, postal_address: { street: "\udc00", city: "x" } })), [
    ["postal_address.street", "Remove the invisible control characters from this answer"],
  ]);
  assert.deepEqual(issues(validate({ ...REQUIRED, colleagues: [{ colleague_name: "\ud83d" }] })), [
    ["colleagues.0.colleague_name", "Remove the invisible control characters from this answer"],
  ]);
  assert.equal(ok(validate({ ...REQUIRED, subject: "ok 👍" })).subject, "ok 👍");
});

test("lengths: the element's maxLength, else 1,000 (20,000 for long text)", () => {
  assert.deepEqual(issues(validate({ ...REQUIRED, message: "x".repeat(2001) })), [["message", "Use 2,000 characters or fewer"]]);
  assert.deepEqual(issues(validate({ ...REQUIRED, subject: "x".repeat(1001) })), [["subject", "Use 1,000 characters or fewer"]]);
  const long = createAnswersValidator([{ id: "l", label: "L", type: "long-text" }]);
  ok(long({ l: "x".repeat(20_000) }));
});

test("an optional address may stay empty; partly filled, its required parts are required", () => {
  ok(validate({ ...REQUIRED, postal_address: { street: " ", city: "" } }));
  assert.deepEqual(issues(validate({ ...REQUIRED, postal_address: { zip: "12345" } })), [
    ["postal_address.street", "This field is required"],
    ["postal_address.city", "This field is required"],
  ]);
});

test("a required matrix wants every row; a required repeat field at least one non-empty row", () => {
  const v = createAnswersValidator([
    matrixElement("m", "M", { r1: "R1", r2: "R2" }, { c1: "C1" }, { required: true }),
    { id: "r", label: "R", type: "repeat-field", required: true, components: [{ id: "x", label: "X", type: "short-text" }] },
  ]);
  assert.deepEqual(issues(v({ m: { r1: { c1: true } }, r: [{ x: "" }, {}] })), [
    ["m.r2", "Choose an answer in this row"],
    ["r", "This field is required"],
  ]);
  assert.deepEqual(ok(v({ m: { r1: { c1: true }, r2: { c1: true } }, r: [{ x: "" }, { x: "y" }] })), {
    m: { r1: { c1: true }, r2: { c1: true } },
    r: [{ x: "y" }],
  });
});

test("unknown element ids: 20 listed one by one, the rest counted; huge lists refused unread; keys like __proto__ are data", () => {
  const many = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`x${i}`, 1]));
  const listed = issues(validate({ ...REQUIRED, ...many }));
  assert.equal(listed.length, 21);
  assert.deepEqual(listed[20], ["", "and 5 more unknown element ids"]);
  assert.deepEqual(issues(validate({ ...REQUIRED, products: Array.from({ length: 1001 }, () => "forms") })), [
    ["products", "This answer lists too many values"],
  ]);
  assert.deepEqual(issues(validate({ ...REQUIRED, colleagues: Array.from({ length: 101 }, () => ({ colleague_name: "x" })) })), [
    ["colleagues", "Add at most 100 rows"],
  ]);
  assert.deepEqual(
    issues(
      validate(
        JSON.parse(
          `{"__proto__": {"polluted": true}, "email": "a@b.co", "message": "m", "full_name": {"first_name": "a", "last_name": "b"}}`,
        ),
      ),
    ),
    [["__proto__", "'__proto__' is not an element of this form"]],
  );
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});

test("form posts: Conform's nested payload becomes v2 data (phone parts, single checkbox, matrix rows, sparse rows)", () => {
  const data = formValuesToData(CONTACT, {
    _start: "token",
    _website: "",
    email: "a@b.co",
    phone: { country: "GB", number: "20 7123 4567" },
    products: "api",
    satisfaction: { row_docs: "col_ok", row_support: "" },
    colleagues: [undefined, { colleague_name: "x" }],
    extra: "kept for the validator to report",
  });
  assert.deepEqual(data, {
    email: "a@b.co",
    phone: "+44 20 7123 4567",
    products: ["api"],
    satisfaction: { row_docs: { col_ok: true }, row_support: null },
    colleagues: [{}, { colleague_name: "x" }],
    extra: "kept for the validator to report",
  });
  assert.equal(formValuesToData(CONTACT, { phone: { country: "US", number: "+44 1" } }).phone, "+44 1");
  assert.equal(formValuesToData(CONTACT, { phone: { country: "ZZ", number: "555" } }).phone, "555");
});

test("file-upload: at most maxFiles; files the browser holds are checked for accept and size before the post", () => {
  const check = createAnswersValidator([
    { id: "cv", label: "CV", type: "file-upload", required: true, maxFiles: 2, maxFileSizeMb: 1, accept: [".pdf"] },
  ]);
  assert.deepEqual(issues(check({})), [["cv", "This field is required"]]);
  // An empty file input (a File with no name and no bytes) is no answer.
  assert.deepEqual(issues(check({ cv: [new File([], "")] })), [["cv", "This field is required"]]);
  assert.deepEqual(ok(check({ cv: ["token-a.sig", "token-b.sig"] })), { cv: ["token-a.sig", "token-b.sig"] });
  assert.deepEqual(issues(check({ cv: ["a.s", "b.s", "c.s"] })), [["cv", "Choose at most 2 files"]]);
  assert.deepEqual(issues(check({ cv: [new File(["x"], "photo.png", { type: "image/png" })] })), [["cv", "Choose a file of type .pdf"]]);
  const big = new File([new Uint8Array(1024 * 1024 + 1)], "cv.pdf", { type: "application/pdf" });
  assert.deepEqual(issues(check({ cv: [big] })), [["cv", "Choose a file of 1 MB or less"]]);
  // One file alone (a form post's single field) is a list of one.
  assert.deepEqual(ok(check({ cv: "one.sig" })), { cv: ["one.sig"] });
  assert.deepEqual(issues(check({ cv: [7] })), [["cv.0", "cv[0] must list files sent with the form"]]);
});
