import assert from "node:assert/strict";
import { test } from "node:test";
import { sql } from "drizzle-orm";
import { unitTestDb } from "@/e2e/fixtures/unit-db";
import type { FormElement } from "@/db/schema";
import { checkReceipt, emailQuestions, placeholderNames } from "./receipt-rules";

const url = process.env.DATABASE_URL;
const db = unitTestDb();

/** Template, the names read from it, and what the submit's fill makes of it with each name standing for "<name>". */
const CASES: [string, string[], string][] = [
  ["Hi {{ Your name }}!", ["Your name"], "Hi <Your name>!"],
  ["{{a}}{{b}}", ["a", "b"], "<a><b>"],
  ["{{ {{x}} }}", ["{{x"], "<{{x> }}"],
  ["{{not closed", [], "{{not closed"],
  ["}} {{a} b}", [], "}} {{a} b}"],
  ["{{}}", [""], "<>"],
  ["{{\tTab\t}}", ["\tTab\t"], "<\tTab\t>"],
  ["{{a}} {{ a }} {{b}", ["a", "a"], "<a> <a> {{b}"],
];

test("placeholderNames reads a template's names", () => {
  for (const [template, names] of CASES) assert.deepEqual(placeholderNames(template), names, template);
});

test(
  "placeholderNames reads {{…}} as the submit's formhouse_fill_placeholders fills it",
  { skip: !url && "needs DATABASE_URL" },
  async () => {
    for (const [template, names, filled] of CASES) {
      const values = Object.fromEntries(names.map((n) => [n, `<${n}>`]));
      const [row] = await db.execute<{ out: string }>(
        sql`select formhouse_fill_placeholders(${template}, ${JSON.stringify(values)}::jsonb) as out`,
      );
      assert.equal(row!.out, filled, template);
    }
  },
);

const ELEMENTS = [
  { id: "name", type: "name", label: "Your name", children: [{ fixedname: "first", label: "First", required: true }] },
  { id: "mail", type: "email", label: "Email" },
  { id: "other", type: "email", label: "Other email" },
  { id: "note", type: "long-text", label: "Note" },
] as unknown as FormElement[];

test("a receipt goes to an email question and names only the form's labels", () => {
  assert.deepEqual(emailQuestions(ELEMENTS), [
    { id: "mail", label: "Email" },
    { id: "other", label: "Other email" },
  ]);
  checkReceipt(ELEMENTS, { emailField: "other", subject: "{{Your name: First}}", message: "{{Your name}} {{Note}} {{ Email }}" });
  assert.throws(() => checkReceipt(ELEMENTS, { emailField: "note", subject: "s", message: "m" }), { path: ["emailField"] });
  assert.throws(() => checkReceipt(ELEMENTS, { emailField: "mail", subject: "{{First}}", message: "m" }), {
    path: ["subject"],
    message: "No question is labelled {{First}}: use the labels listed below",
  });
});
