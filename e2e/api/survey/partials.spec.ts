import { eq, sql } from "drizzle-orm";
import { partialResponses } from "../../../db/schema";
import { prunePartials } from "../../../server/services/survey/partial-responses";
import { expect, test } from "../../fixtures";
import { dashboardCaller } from "../dashboard-caller";
import { LOGIC_FORM, storedRows, submitPath } from "./survey-fixtures";

/**
 * Partial responses (issue 26): each completed step of a multi-page form keeps the answers so
 * far for its respondent (a browser cookie, or the unique link), the page resumes from them,
 * the finishing submit closes them in its own statement, and they are no submissions.
 */

const partialsOf = (seed: { db: any }, formId: number) =>
  seed.db.select().from(partialResponses).where(eq(partialResponses.formId, formId)) as Promise<(typeof partialResponses.$inferSelect)[]>;

test("a completed step stores the answers so far for this browser; reopening resumes on that page; the submit finishes it", async ({
  seed,
  request,
  api,
  baseURL,
}) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, LOGIC_FORM, { publish: true });
  const step = (fields: Record<string, string>) => request.fetch(submitPath(form.uuid), { method: "POST", form: fields, maxRedirects: 0 });

  const first = await step({ _page: "0", _step: "next", email: "ada@example.com", plan: "team" });
  expect(first.status()).toBe(200);
  expect(first.headers()["set-cookie"]).toMatch(/^fh_respondent=[0-9a-f-]{36}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax/);
  const [saved] = await partialsOf(seed, form.id);
  expect(saved).toMatchObject({ data: { email: "ada@example.com", plan: "team" }, page: 1, furthestPage: 1, completedAt: null });
  expect(saved!.respondentKey).toMatch(/^c:/);

  // The same browser (cookie) opens the form again: the team page, with the answers kept.
  const html = await (await request.get(`/f/${form.uuid}`)).text();
  expect(html).toContain('name="_page" value="1"');
  expect(html).toContain('value="ada@example.com"');
  // Another browser starts afresh.
  const fresh = await (await fetch(new URL(`/f/${form.uuid}`, baseURL))).text();
  expect(fresh).toContain('name="_page" value="0"');

  // A refused step stores nothing new; a good one moves the partial on (one row, updated in place).
  expect((await step({ _page: "1", _step: "next", email: "ada@example.com", plan: "team", team_size: "1" })).status()).toBe(422);
  expect((await step({ _page: "1", _step: "next", email: "ada@example.com", plan: "team", team_size: "4" })).status()).toBe(200);
  const rows = await partialsOf(seed, form.id);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ data: { email: "ada@example.com", plan: "team", team_size: 4 }, page: 2, furthestPage: 2 });

  // Listed as a partial with include_partial=true only; filters apply to it.
  const token = await seed.token(org.organizationId, { scopes: ["submission.view"] });
  const plain = await api.get(`/api/v2/submissions?form_id=${form.id}`, token);
  expect(plain.body).toMatchObject({ submissions: [], meta: { totalCount: 0 } });
  const listed = await api.get(`/api/v2/submissions?form_id=${form.id}&include_partial=true`, token);
  expect(listed.body.submissions).toEqual([
    {
      id: rows[0]!.id,
      formId: form.uuid,
      data: { email: "ada@example.com", plan: "team", team_size: 4 },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      status: "partial",
    },
  ]);
  expect(listed.body.meta.totalCount).toBe(1);
  const filtered = await api.get(`/api/v2/submissions?form_id=${form.id}&include_partial=true&plan__is_equal_to=free`, token);
  expect(filtered.body).toMatchObject({ submissions: [], meta: { totalCount: 0 } });

  // The drop-off funnel, before finishing.
  const caller = dashboardCaller({ userId: org.userId, organizationId: org.organizationId, email: org.email });
  const funnel = await caller.forms.funnel({ formUuid: form.uuid });
  expect(funnel).toMatchObject({
    pages: [
      { index: 0, reached: 1 },
      { index: 1, title: "Your team", reached: 1 },
      { index: 2, title: "Almost done", reached: 1 },
    ],
    started: 1,
    finished: 0,
  });
  expect(funnel.partials).toHaveLength(1);
  expect(funnel.partials[0]!.answers).toContainEqual({ label: "Email", value: "ada@example.com" });

  // The submit finishes it in its statement: no longer a partial, the completed one says so.
  const done = await step({ _page: "2", email: "ada@example.com", plan: "team", team_size: "4" });
  expect(done.status()).toBe(303);
  expect((await partialsOf(seed, form.id))[0]!.completedAt).not.toBeNull();
  const after = await api.get(`/api/v2/submissions?form_id=${form.id}&include_partial=true`, token);
  expect(after.body.submissions.map((s: { status: string }) => s.status)).toEqual(["completed"]);
  expect(after.body.meta.totalCount).toBe(1);
  expect(await storedRows(seed, form.id)).toHaveLength(1);
  expect(await caller.forms.funnel({ formUuid: form.uuid })).toMatchObject({ started: 1, finished: 1 });
  // Reopening after finishing starts afresh.
  expect(await (await request.get(`/f/${form.uuid}`)).text()).toContain('name="_page" value="0"');
});

test("partials past their 30 days are pruned; newer ones stay", async ({ seed, request }) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, LOGIC_FORM, { publish: true });
  const res = await request.fetch(submitPath(form.uuid), {
    method: "POST",
    form: { _page: "0", _step: "next", email: "ada@example.com", plan: "free" },
  });
  expect(res.status()).toBe(200);
  expect(await partialsOf(seed, form.id)).toHaveLength(1);
  await prunePartials(seed.db);
  expect(await partialsOf(seed, form.id)).toHaveLength(1);
  await seed.db.execute(sql`update partial_responses set updated_at = now() - interval '31 days' where form_id = ${form.id}`);
  await prunePartials(seed.db);
  expect(await partialsOf(seed, form.id)).toHaveLength(0);
});
