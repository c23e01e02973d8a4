import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { createDb, type Db } from "@/db";
import { forms, organizations, submissions, type Form, type FormElement } from "@/db/schema";
import { accessForOrganization, type FormAccess } from "@/server/services/forms/access";
import { querySubmissions } from "./entry";

/**
 * Sorting on a field's stored value (v1 `sort=<field>`, order.ts) against a real Postgres,
 * with stored values of every odd shape: rows are inserted directly, bypassing form-file
 * validation, so old or hand-edited data can never make a sort fail the query or jump ahead
 * of real values.
 */
const url = process.env.DATABASE_URL;
const skip = url ? false : "needs DATABASE_URL (run with npm test)";

const elements: FormElement[] = [
  { id: "n", label: "Num", type: "number" },
  { id: "d", label: "When", type: "date" },
  { id: "t", label: "Text", type: "short-text" },
  { id: "nm", label: "Name", type: "name", children: [{ fixedname: "first", label: "First", required: true }] },
];

// tag → stored data; created in this order, one minute apart.
const rows: [string, Record<string, unknown>][] = [
  ["n10", { n: 10, d: "2024-03-01", t: "b", nm: { first: "Zoe" } }],
  ["n9s", { n: "9", d: "2024-03-01T00:00:01Z", t: "B", nm: { first: "amy" } }],
  ["neg", { n: -1.5, d: "2023-12-31T23:00:00-05:00", t: "a" }],
  ["junk", { n: { x: 1 }, d: "2024-02-31", t: { x: 1 }, nm: "Bo" }],
  ["text", { n: "12abc", d: "soon", t: "   " }],
  ["none", {}],
  ["huge", { n: "1e5", d: "0000-01-01", t: ["c"] }],
];

let db: Db;
let access: FormAccess;
let form: Form;
const idToTag = new Map<string, string>();

before(async () => {
  if (!url) return;
  db = createDb(url, 2);
  const [org] = await db.insert(organizations).values({ name: "value-sort test" }).returning();
  access = accessForOrganization(org!.id);
  const values = { organizationId: org!.id, name: "S", elements, submissionsCount: rows.length };
  [form] = (await db.insert(forms).values(values).returning()) as [Form];
  for (const [i, [tag, data]] of rows.entries()) {
    const createdAt = new Date(Date.UTC(2024, 0, 1, 0, i));
    const [s] = await db
      .insert(submissions)
      .values({ formId: form.id, organizationId: org!.id, data, createdAt, updatedAt: createdAt })
      .returning({ id: submissions.id });
    idToTag.set(s!.id, tag);
  }
});

after(async () => {
  if (!url) return;
  await db.delete(organizations).where(eq(organizations.id, access.organizationId));
  await db.$client.end();
});

async function sorted(sort: string, order: "asc" | "desc"): Promise<string[]> {
  const r = await querySubmissions(db, access, { form: { formId: form.id }, page: 1, sort: { v1: { sort, order } } });
  return r.submissions.map((s) => idToTag.get(s.id)!);
}

/** Tags without a sortable value, in id order (the tie-break), in the given direction. */
function missing(order: "asc" | "desc", ...tags: string[]): string[] {
  const id = (tag: string) => [...idToTag].find(([, t]) => t === tag)![0];
  return tags.sort((a, b) => (id(a) < id(b) ? -1 : 1) * (order === "asc" ? 1 : -1));
}

test("a number field sorts numerically; anything that is not a plain decimal is missing, last", { skip }, async () => {
  assert.deepEqual(await sorted("Num", "asc"), ["neg", "n9s", "n10", ...missing("asc", "junk", "text", "none", "huge")]);
  assert.deepEqual(await sorted("Num", "desc"), ["n10", "n9s", "neg", ...missing("desc", "junk", "text", "none", "huge")]);
});

test("a date field sorts as instants (a date is its UTC midnight); invalid dates are missing, last", { skip }, async () => {
  // neg is 2024-01-01T04:00Z; 0000-01-01 is not a date (no year 0).
  assert.deepEqual(await sorted("When", "asc"), ["neg", "n10", "n9s", ...missing("asc", "junk", "text", "none", "huge")]);
  assert.deepEqual(await sorted("When", "desc"), ["n9s", "n10", "neg", ...missing("desc", "junk", "text", "none", "huge")]);
});

test("a text field sorts case-insensitively; blank and missing values are last; equal keys by id", { skip }, async () => {
  const [first, second] = missing("asc", "n10", "n9s");
  // Junk objects and arrays sort by their JSON text, by code point: '["c"]' < "a" < "b" < '{"x": 1}'.
  assert.deepEqual(await sorted("Text", "asc"), ["huge", "neg", first, second, "junk", ...missing("asc", "text", "none")]);
});

test("a name sub-field sorts by its own label; a composite that is not an object is missing", { skip }, async () => {
  assert.deepEqual(await sorted("First", "asc"), ["n9s", "n10", ...missing("asc", "neg", "junk", "text", "none", "huge")]);
});
