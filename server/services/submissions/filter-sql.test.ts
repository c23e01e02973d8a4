import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { createDb, type Db } from "@/db";
import { forms, organizations, submissions, type Form, type FormElement } from "@/db/schema";
import { accessForOrganization, type FormAccess } from "@/server/services/forms/access";
import { asDay, asInstant } from "@/lib/filters/filter-eval";
import { castAs } from "./filter-sql";
import { FieldResolver } from "@/lib/filters/fields";
import { FILTER_TYPES, parseFilters, type FilterParam } from "@/lib/filters/filters";
import { querySubmissions } from "./query/entry";
import { listFormPage } from "./query/page";
import { queryLimits } from "./query/plan";
import { resolveSort } from "./sort";

/**
 * The filter SQL against a real Postgres (DATABASE_URL, as `npm test` provides), with stored
 * values of every odd shape: rows are inserted directly, bypassing form-file validation,
 * so old or hand-edited data cannot make a filter fail the query.
 */
const url = process.env.DATABASE_URL;
const skip = url ? false : "needs DATABASE_URL (run with npm test)";

const elements: FormElement[] = [
  { id: "t", label: "Text", type: "short-text" },
  { id: "n", label: "Num", type: "number" },
  { id: "d", label: "When", type: "date" },
  { id: "c", label: "Pick", type: "radio", options: [{ id: "o1", label: "One", value: "1" }] },
];

// tag → stored data
const rows: Record<string, Record<string, unknown>> = {
  plain: { t: "x", n: 9, d: "2024-01-10", c: "1" },
  bignum: { t: "y", n: "10", d: "2024-01-10T22:00:00-05:00", c: ["1"] },
  weird: { t: ["array", "in", "text"], n: "1e5", d: "2024-02-31", c: { odd: true } },
  junk: { t: { nested: 1 }, n: "12abc", d: "0000-01-01", c: 5 },
  blank: { t: "   ", n: null, d: "", c: [] },
  none: {},
  huge: { t: "z", n: "99999999999999999999999999.5", d: "9999-12-31T23:59:59Z", c: true },
  leap: { t: "l", n: 5.5, d: "2024-02-29" },
  nonleap: { t: "n", n: "-3", d: "2023-02-29T10:00:00Z" },
};

let db: Db;
let access: FormAccess;
let formId: number;
const idToTag = new Map<string, string>();

before(async () => {
  if (!url) return;
  db = createDb(url, 2);
  const [org] = await db.insert(organizations).values({ name: "filter-sql test" }).returning();
  access = accessForOrganization(org!.id);
  const [form] = await db
    .insert(forms)
    .values({ organizationId: org!.id, name: "F", elements, submissionsCount: Object.keys(rows).length })
    .returning();
  formId = form!.id;
  for (const [tag, data] of Object.entries(rows)) {
    const [s] = await db.insert(submissions).values({ formId, organizationId: org!.id, data }).returning({ id: submissions.id });
    idToTag.set(s!.id, tag);
  }
});

after(async () => {
  if (!url) return;
  await db.delete(organizations).where(eq(organizations.id, access.organizationId));
  await db.$client.end();
});

async function tags(params: FilterParam[]): Promise<string[]> {
  const sort = resolveSort(undefined, undefined);
  const r = await querySubmissions(db, access, { form: { formId }, page: 1, sort, filters: { v2: params } });
  assert.equal(r.totalCount, r.submissions.length);
  return r.submissions.map((s) => idToTag.get(s.id)!).sort();
}

test("every filter type runs on every field without a database error", { skip }, async () => {
  const values: Record<string, string[]> = {
    is_empty: ["true"],
    is_filled: ["false"],
    in_range: ["1,10", "2024-01-01,2024-12-31"],
    before: ["2024-06-01", "2024-06-01T00:00:00Z"],
    after: ["2024-01-01"],
    on: ["2024-01-10"],
    not_on: ["2024-01-10"],
  };
  for (const field of ["Text", "Num", "When", "Pick"]) {
    for (const type of FILTER_TYPES) {
      for (const v of values[type] ?? ["1", "2024-01-10", "x"]) {
        try {
          await tags([[`${field}__${type}`, v]]);
        } catch (e) {
          // A 400 for a value of the wrong kind is fine; a database error is not.
          assert.equal((e as { code?: string }).code, "BAD_REQUEST", `${field}__${type}=${v}: ${String(e)}`);
        }
      }
    }
  }
});

test("numbers compare numerically; values that are not plain decimals never match", { skip }, async () => {
  assert.deepEqual(await tags([["Num__is_less_than", "10"]]), ["leap", "nonleap", "plain"]);
  assert.deepEqual(await tags([["Num__is_greater_than_or_equal_to", "10"]]), ["bignum", "huge"]);
  assert.deepEqual(await tags([["Num__in_range", "9,10"]]), ["bignum", "plain"]);
});

test("dates compare as calendar days of the stored text; invalid dates never match", { skip }, async () => {
  assert.deepEqual(await tags([["When__on", "2024-01-10"]]), ["bignum", "plain"]);
  assert.deepEqual(await tags([["When__after", "2024-01-01"]]), ["bignum", "huge", "leap", "plain"]);
  // As instants, the -05:00 value is 2024-01-11T03:00Z.
  assert.deepEqual(await tags([["When__after", "2024-01-11T00:00:00Z"]]), ["bignum", "huge", "leap"]);
  assert.deepEqual(await tags([["When__not_on", "2024-01-10"]]), ["blank", "huge", "junk", "leap", "none", "nonleap", "weird"]);
  // 2023-02-29 is not a date: the guard keeps it out instead of letting the cast fail.
  assert.deepEqual(await tags([["When__before", "2024-03-01"]]), ["bignum", "leap", "plain"]);
  assert.deepEqual(await tags([["When__before", "2024-03-01T00:00:00Z"]]), ["bignum", "leap", "plain"]);
  assert.deepEqual(await tags([["When__in_range", "2024-02-29,2024-02-29"]]), ["leap"]);
});

test("is_empty treats absent, null, blank text and [] as empty", { skip }, async () => {
  assert.deepEqual(await tags([["Num__is_empty", "true"]]), ["blank", "none"]);
  assert.deepEqual(await tags([["Text__is_empty", "true"]]), ["blank", "none"]);
  assert.deepEqual(await tags([["Pick__is_empty", "true"]]), ["blank", "leap", "none", "nonleap"]);
  assert.deepEqual(await tags([["Pick__is_filled", "false"]]), ["blank", "leap", "none", "nonleap"]);
});

test("equality matches strings, numbers and array items; its negation includes the rest", { skip }, async () => {
  assert.deepEqual(await tags([["Pick__is_equal_to", "1"]]), ["bignum", "plain"]);
  assert.deepEqual(await tags([["Num__is_equal_to", "10"]]), ["bignum"]);
  assert.deepEqual(await tags([["Num__is_not_equal_to", "10"]]), ["blank", "huge", "junk", "leap", "none", "nonleap", "plain", "weird"]);
});

test("contains escapes LIKE wildcards", { skip }, async () => {
  assert.deepEqual(await tags([["Text__contains", "%"]]), []);
  assert.deepEqual(await tags([["Text__contains", "_"]]), []);
  assert.deepEqual(await tags([["Text__contains", "Z"]]), ["huge"]);
});

test("the first-try window gives exactly the plain query's pages, for every window size (windowRows 0: none)", { skip }, async () => {
  // 45 rows, created four to a minute (ties broken by id), two text values and a number.
  const [form] = (await db
    .insert(forms)
    .values({ organizationId: access.organizationId, name: "W", elements, submissionsCount: 45 })
    .returning()) as [Form];
  await db.insert(submissions).values(
    Array.from({ length: 45 }, (_, i) => ({
      formId: form.id,
      organizationId: access.organizationId,
      data: { t: i % 3 === 0 ? "x" : "y", n: i },
      createdAt: new Date(Date.UTC(2024, 0, 1, 0, Math.floor(i / 4))),
    })),
  );
  const cases: FilterParam[][] = [
    [["Text__is_equal_to", "x"]],
    [["Text__is_equal_to", "y"]],
    [["Text__is_in", "x,y"]],
    [
      ["Text__is_equal_to", "y"],
      ["Num__is_greater_than", "10"],
    ],
    [["Text__is_equal_to", "nothing"]],
  ];
  let windowed = 0;
  for (const filterParams of cases) {
    for (const sort of [resolveSort(undefined, undefined), resolveSort("created_at", "asc")]) {
      for (const page of [1, 2, 3]) {
        const filters = parseFilters(new FieldResolver(form.elements), filterParams);
        const run = (windowRows: number) => listFormPage(db, access, form, { page, sort, filters }, { ...queryLimits(45), windowRows });
        const plain = await run(0);
        for (const windowRows of [1, 5, 20, 21, 30, 44]) {
          const r = await run(windowRows);
          const label = `${JSON.stringify(filterParams)} ${sort.order} page ${page} window ${windowRows}`;
          assert.deepEqual(
            r.submissions.map((s) => s.id),
            plain.submissions.map((s) => s.id),
            label,
          );
          assert.equal(r.totalCount, plain.totalCount, label);
          windowed++;
        }
      }
    }
  }
  assert.equal(windowed, 5 * 2 * 3 * 6);
});

test("the date and instant casts read every text exactly as the in-memory reference does", { skip }, async () => {
  // Every month 00–13 and day 00–32 of common, leap and century years (0000 is no year), with
  // what may follow a date, and texts near a date: wrong widths, signs, non-ASCII digits.
  const years = ["0000", "0001", "0004", "0100", "0400", "1900", "2000", "2023", "2024", "2100", "9999"];
  const tails = ["", "T", " ", "x", "Z", "T12:30", "T12:30:59.5Z", " 23:59:59+15:59", "T24:00", "T12:30+16:00", "T12:30-05"];
  const texts = years.flatMap((y) =>
    Array.from({ length: 14 * 33 }, (_, i) => `${y}-${String(Math.floor(i / 33)).padStart(2, "0")}-${String(i % 33).padStart(2, "0")}`),
  );
  const odd = [
    "",
    "2024",
    "2024-1-01",
    "2024-01-1",
    "20240-01-01",
    "2024/01/01",
    "-024-01-01",
    "+024-01-01",
    " 2024-01-01",
    "2024-01-01\n",
    "２０２４-01-01",
    "2024-0１-01",
    "2024-01-0１",
    "0a00-01-01",
    "2024-01-01T",
    "2024-02-29",
    "2023-02-29",
    "2024-02-29T00:00Z",
  ];
  const all = [...texts.flatMap((t) => tails.map((tail) => t + tail)), ...odd];
  const day = castAs("date", sql`to_jsonb(v.t)`, sql`v.t`);
  const instant = castAs("timestamp", sql`to_jsonb(v.t)`, sql`v.t`);
  const got = await db.execute<{ t: string; day: string | null; micros: string | null }>(sql`
    select v.t, ${day}::text as day, (extract(epoch from ${instant}) * 1000000)::bigint::text as micros
    from jsonb_array_elements_text(${JSON.stringify(all)}::jsonb) as v(t)`);
  assert.equal(got.length, all.length);
  let dates = 0;
  for (const r of got) {
    assert.equal(r.day, asDay(r.t), `day of ${JSON.stringify(r.t)}`);
    assert.equal(r.micros, asInstant(r.t)?.toString() ?? null, `instant of ${JSON.stringify(r.t)}`);
    if (r.day) dates++;
  }
  assert.ok(dates > 10_000, `${dates} texts read as dates`);
});
