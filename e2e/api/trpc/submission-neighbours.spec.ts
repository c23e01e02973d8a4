import { expect, test } from "../../fixtures";
import { dashboardCaller } from "../dashboard-caller";

/**
 * A submission's Previous and Next (submissions.neighbours) walk exactly the table's order
 * (submissions.list) for every sort, with ties on the sort column, missing durations, filters
 * and the spam views; a submission outside the set has neither, and another organization's
 * submission is a 404.
 */

const ELEMENTS = [
  { id: "topic", label: "Topic", type: "radio", options: [0, 1].map((i) => ({ id: `o${i}`, label: `T${i}`, value: `t${i}` })) },
];
const AT = Date.UTC(2030, 0, 1);

// 13 rows: pairs that share created_at or updated_at (ties broken by id), some with no duration, some spam.
const ROWS = Array.from({ length: 13 }, (_, i) => ({
  data: { topic: `t${i % 2}` },
  createdAt: new Date(AT + Math.floor(i / 2) * 60_000).toISOString(),
  updatedAt: new Date(AT + 86_400_000 + (i % 4) * 3_600_000).toISOString(),
  ...(i % 3 === 0 ? {} : { duration: (i * 7) % 5 }),
  spam: i % 5 === 4,
}));

test("Previous and Next follow the listing's order for every sort, view and filter", async ({ seed }) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, { name: "Order", elements: ELEMENTS, submissions: ROWS });
  const caller = dashboardCaller(org);
  const sets = [
    { view: "all" as const, filters: [] },
    { view: "not_spam" as const, filters: [] },
    { view: "spam" as const, filters: [] },
    { view: "all" as const, filters: [{ field: "topic", type: "is_equal_to", value: "t1" }] },
  ];
  for (const set of sets) {
    for (const field of ["created_at", "updated_at", "duration"] as const) {
      for (const order of ["asc", "desc"] as const) {
        const sort = { field, order };
        const listed = await caller.submissions.list({ formUuid: form.uuid, page: 1, sort, ...set });
        const ids = listed.submissions.map((s) => s.id);
        expect(ids.length, JSON.stringify(set)).toBeGreaterThan(1);
        for (const [i, id] of ids.entries()) {
          const got = await caller.submissions.neighbours({ formUuid: form.uuid, id, sort, ...set });
          expect(got, `${JSON.stringify({ set, sort })} at ${i}`).toEqual({ previous: ids[i - 1] ?? null, next: ids[i + 1] ?? null });
        }
      }
    }
  }

  // Outside the set (a spam submission seen through "Not spam"): neither step.
  const spam = (await caller.submissions.list({ formUuid: form.uuid, page: 1, view: "spam" })).submissions[0]!;
  expect(await caller.submissions.neighbours({ formUuid: form.uuid, id: spam.id, view: "not_spam" })).toEqual({
    previous: null,
    next: null,
  });
  // Malformed or unknown ids, and another organization's submission, are 404s.
  for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
    await expect(caller.submissions.neighbours({ formUuid: form.uuid, id })).rejects.toMatchObject({ message: "Submission not found" });
  }
  const other = await seed.org();
  await expect(dashboardCaller(other).submissions.neighbours({ formUuid: form.uuid, id: spam.id })).rejects.toMatchObject({
    code: "NOT_FOUND",
  });
});
