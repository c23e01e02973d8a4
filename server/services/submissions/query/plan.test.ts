import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { createDb, type Db } from "@/db";
import { forms, organizations, submissions, type Form, type FormElement } from "@/db/schema";
import { accessForOrganization, type FormAccess } from "@/server/services/forms/access";
import { FieldResolver } from "@/lib/filters/fields";
import { matchesFilters } from "@/lib/filters/filter-eval";
import { parseFilters, type FilterParam } from "@/lib/filters/filters";
import { DEFAULT_SORT } from "../sort";
import { listFormPage } from "./page";
import { planFilters, queryLimits, type FilterPlan } from "./plan";
import { choiceElement, nameElement } from "@/e2e/fixtures/elements";

/**
 * The plans of multi-filter requests without equality (planFilters): the index alone, the
 * smallest index set driving with the JSON engine per row, or the JSON engine alone. Which one
 * runs depends on the sets' sizes against the limits' `driveCap` (a tenth of the form, at
 * least 1,000, for a listing); each cap below picks another plan on the same data, and each
 * must answer as filter-eval.ts in memory (ids of every page and totalCount), with and without
 * the first-try window (`windowRows` 0: none).
 */
const url = process.env.DATABASE_URL;
const skip = url ? false : "needs DATABASE_URL (run with npm test)";

const elements: FormElement[] = [
  { id: "n", label: "Num", type: "number" },
  { id: "d", label: "Day", type: "date" },
  { id: "t", label: "Text", type: "short-text" },
  choiceElement("m", "Pick", "multiple-checkbox", { oa: ["A", "a"], ob: ["B", "b"] }),
  nameElement("nm", "Name", { first: ["First", false] }),
];

/** 57 submissions: values cycle at co-prime periods, so the filters' sets overlap unevenly. */
function data(i: number): Record<string, unknown> {
  const d: Record<string, unknown> = {};
  if (i % 11 !== 0) d.n = i % 3 === 0 ? String(i % 17) : i % 17;
  if (i % 7 !== 0) d.d = `2024-01-${String(1 + (i % 13)).padStart(2, "0")}`;
  d.t = i % 5 === 0 ? " " : `word${i % 9}x`;
  if (i % 4 !== 0) d.m = i % 3 === 0 ? ["a", "b"] : ["b"];
  if (i % 6 !== 0) d.nm = { first: i % 2 ? "Ann" : "Bob" };
  return d;
}
const COUNT = 57;

const COMBOS: FilterParam[][] = [
  [
    ["Num__is_greater_than", "4"],
    ["Day__before", "2024-01-08"],
  ],
  [
    ["Num__in_range", "2,9"],
    ["Text__contains", "d3"],
    ["Day__on", "2024-01-04"],
  ],
  [
    ["Num__is_less_than", "15"],
    ["Day__not_on", "2024-01-02"],
  ],
  [
    ["Text__contains", "word"],
    ["Day__is_empty", "true"],
  ],
  [
    ["Day__after", "2024-01-03"],
    ["Pick__is_filled", "true"],
    ["First__contains", "nn"],
  ],
  [
    ["Num__is_empty", "true"],
    ["Day__is_empty", "true"],
  ],
  [
    ["Text__does_not_contain", "word1"],
    ["Num__is_greater_than_or_equal_to", "3"],
  ],
  [
    ["Pick__is_filled", "true"],
    ["Num__is_less_than_or_equal_to", "16"],
    ["Day__in_range", "2024-01-02,2024-01-12"],
  ],
];

let db: Db;
let access: FormAccess;
let form: Form;
let stored: { id: string; data: Record<string, unknown> }[];

before(async () => {
  if (!url) return;
  db = createDb(url, 2);
  const [org] = await db.insert(organizations).values({ name: "filter-plan test" }).returning();
  access = accessForOrganization(org!.id);
  [form] = (await db.insert(forms).values({ organizationId: org!.id, name: "P", elements, submissionsCount: COUNT }).returning()) as [Form];
  const rows = Array.from({ length: COUNT }, (_, i) => {
    const at = new Date(Date.UTC(2024, 0, 1, 0, i));
    return { formId: form.id, organizationId: org!.id, data: data(i), createdAt: at, updatedAt: at };
  });
  await db.insert(submissions).values(rows);
  const got = await db
    .select({ id: submissions.id, data: submissions.data, createdAt: submissions.createdAt })
    .from(submissions)
    .where(eq(submissions.formId, form.id));
  // DEFAULT_SORT: created_at desc, id desc.
  got.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  stored = got.map((s) => ({ id: s.id, data: s.data as Record<string, unknown> }));
});

after(async () => {
  if (!url) return;
  await db.delete(organizations).where(eq(organizations.id, access.organizationId));
  await db.$client.end();
});

test("every plan of a multi-filter request answers as filter-eval.ts in memory", { skip }, async () => {
  const resolver = new FieldResolver(elements);
  const planned = new Map<number, Set<FilterPlan["by"]>>();
  for (const params of COMBOS) {
    const filters = parseFilters(resolver, params);
    const want = stored.filter((s) => matchesFilters(filters, s.data)).map((s) => s.id);
    assert.ok(want.length > 0 && want.length < COUNT, `${JSON.stringify(params)} selects some rows (${want.length})`);
    // 1: every set too large (JSON engine); 5, 12: some drive; 1000: the index alone.
    for (const driveCap of [1, 5, 12, 1000]) {
      const plan = await planFilters(db, form, filters, driveCap);
      planned.set(driveCap, (planned.get(driveCap) ?? new Set()).add(plan.by));
      for (const windowRows of [0, 25]) {
        const limits = { ...queryLimits(COUNT), driveCap, windowRows };
        const list = (page: number) => listFormPage(db, access, form, { page, sort: DEFAULT_SORT, filters }, limits);
        const pages = await Promise.all([1, 2, 3].map(list));
        const context = `${JSON.stringify(params)} driveCap ${driveCap} windowRows ${windowRows}`;
        assert.deepEqual(
          pages.flatMap((p) => p.submissions.map((s) => s.id)),
          want,
          `ids: ${context}`,
        );
        for (const p of pages) assert.equal(p.totalCount, want.length, `totalCount: ${context}`);
      }
    }
  }
  // The caps do take every plan on this data.
  assert.ok(planned.get(1)!.has("json"), "driveCap 1: the JSON engine");
  assert.ok(planned.get(5)!.has("driver") || planned.get(12)!.has("driver"), "driveCap 5 or 12: a set drives");
  assert.ok(planned.get(1000)!.has("each"), "driveCap 1000: the index alone");
});
