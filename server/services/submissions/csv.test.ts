import { test } from "node:test";
import assert from "node:assert/strict";
import type { FormElement } from "@/db/schema";
import { attachmentHeader, cellText, csvColumns, csvField, csvLine, neutralise, type ExportRow } from "./csv";
import { choiceElement, matrixElement, nameElement } from "@/e2e/fixtures/elements";

test("cells a spreadsheet would run as a formula get a leading quote", () => {
  for (const s of ["=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"]) assert.equal(neutralise(s), `'${s}`);
  for (const s of ["plain", " =spaced", "a=b", ""]) assert.equal(neutralise(s), s);
  // Numbers stored as numbers are numbers to a spreadsheet, not formulas.
  assert.equal(cellText(-5), "-5");
  assert.equal(cellText("-5"), "'-5");
  assert.equal(cellText(null), "");
  assert.equal(cellText(undefined), "");
});

test("RFC 4180: quotes, commas and line breaks are quoted, quotes doubled, lines end with CRLF", () => {
  assert.equal(csvField("plain"), "plain");
  assert.equal(csvField('say "hi"'), '"say ""hi"""');
  assert.equal(csvField("a,b"), '"a,b"');
  assert.equal(csvField("a\nb"), '"a\nb"');
  assert.equal(csvField("a\rb"), '"a\rb"');
  assert.equal(csvLine(["x", 'y"', "=1,2", 3, null]), `x,"y""","'=1,2",3,\r\n`);
});

const ELEMENTS: FormElement[] = [
  nameElement("n", "Your name", { first_name: ["First name", true], last_name: ["Last name", true] }),
  choiceElement("topics", "Topics", "multiple-checkbox", { a: ["API", "api"], w: ["Webhooks", "hooks"] }),
  choiceElement("pick", "Topics", "radio", { y: ["Yes", "y"] }),
  matrixElement("m", "Rate", { r1: "Docs", r2: "Support" }, { c1: ["Bad", "1"], c2: ["Good", "2"] }),
  {
    id: "people",
    label: "Colleague",
    type: "repeat-field",
    components: [
      { id: "pn", label: "Name", type: "short-text" },
      { id: "pr", label: "Role", type: "dropdown", options: [{ id: "d", label: "Developer", value: "dev" }] },
    ],
  },
  { id: "when", label: "Start", type: "date" },
];

const ROW: ExportRow = {
  id: "7b0f0a52-0000-4000-8000-000000000001",
  data: {
    n: { first_name: "Ada", last_name: "Lovelace" },
    topics: ["api", "hooks"],
    pick: "y",
    m: { r1: { c2: "2" } },
    // Only a cell's start can make a formula: "=Alan" on a second line of the cell is text.
    people: [{ pn: "Grace", pr: "dev" }, { pn: "=Alan" }],
    when: "2030-06-03",
  },
  spam: false,
  duration: 42,
  created_at: "2026-01-02T03:04:05.000Z",
  updated_at: "2026-01-02T03:04:06.000Z",
};

test("columns by label: composites split, matrix per row, repeat per component, duplicates numbered", () => {
  const cols = csvColumns(ELEMENTS);
  assert.deepEqual(
    cols.map((c) => c.header),
    [
      "Submission ID",
      "Created at",
      "Updated at",
      "Duration (seconds)",
      "Spam",
      "Your name: First name",
      "Your name: Last name",
      "Topics",
      "Topics (2)",
      "Rate: Docs",
      "Rate: Support",
      "Colleague: Name",
      "Colleague: Role",
      "Start",
    ],
  );
  assert.equal(
    csvLine(cols.map((c) => c.value(ROW))),
    `${ROW.id},2026-01-02T03:04:05.000Z,2026-01-02T03:04:06.000Z,42,no,` +
      'Ada,Lovelace,API; Webhooks,Yes,Good,,"Grace\n=Alan","Developer\n",2030-06-03\r\n',
  );
});

test("the download is named after the form, safely", () => {
  assert.equal(attachmentHeader("Contact"), `attachment; filename="Contact.csv"; filename*=UTF-8''Contact.csv`);
  assert.equal(
    attachmentHeader('Über "quotes"\r\n; x'),
    `attachment; filename="_ber _quotes____ x.csv"; filename*=UTF-8''%C3%9Cber%20%22quotes%22%0D%0A%3B%20x.csv`,
  );
  assert.equal(attachmentHeader("  "), `attachment; filename="submissions.csv"; filename*=UTF-8''submissions.csv`);
});
