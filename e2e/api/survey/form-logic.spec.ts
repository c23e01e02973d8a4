import { eq } from "drizzle-orm";
import { forms } from "../../../db/schema";
import { expect, test as base, type SeededOrg } from "../../fixtures";
import { trpcSession, type TrpcSession } from "../trpc-client";
import { LOGIC_FORM, PLAN_OPTIONS, postJson, storedRows, submitPath } from "./survey-fixtures";

/**
 * Pages, conditions and endings on the submit (issue 26): the server evaluates the form's logic
 * (lib/logic/form-logic.ts) on every `POST /f/<uuid>/submit`, whatever the browser showed.
 */

const test = base.extend<{ sessionOf: (user: SeededOrg) => Promise<TrpcSession> }>({
  sessionOf: async ({ request, baseURL, clientAddress }, use) => use((user) => trpcSession(request, baseURL!, user, clientAddress)),
});

test.describe("POST /f/:form_uuid/submit with conditions and endings", () => {
  test("a hidden required field left empty is fine (201); answers to hidden fields are not stored; the ending is named", async ({
    seed,
    api,
  }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, LOGIC_FORM, { publish: true });
    const res = await postJson(api, submitPath(form.uuid), {
      data: { email: "ada@example.com", plan: "free", team_size: 40, why: "Because", note: "Hi" },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), ending: "end_thanks" });
    const [row] = await storedRows(seed, form.id);
    expect(row!.data).toEqual({ email: "ada@example.com", plan: "free", note: "Hi" });
  });

  test("a shown required field left empty is refused, naming it; the team ending carries its redirect", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, LOGIC_FORM, { publish: true });
    const refused = await postJson(api, submitPath(form.uuid), { data: { email: "ada@example.com", plan: "team", team_size: 40 } });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body).toEqual({ message: "Submission is invalid", errors: [{ field: "why", message: "This field is required" }] });
    const small = await postJson(api, submitPath(form.uuid), { data: { email: "ada@example.com", plan: "team", team_size: 1 } });
    expect(small.status).toBe(422);
    expect(small.body.errors).toEqual([{ field: "team_size", message: "Enter a number between 2 and 500" }]);
    expect(await storedRows(seed, form.id)).toEqual([]);

    const res = await postJson(api, submitPath(form.uuid), { data: { email: "ada@example.com", plan: "team", team_size: 4 } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), ending: "end_team", redirectUrl: "https://example.com/teams" });
    expect((await storedRows(seed, form.id))[0]!.data).toEqual({ email: "ada@example.com", plan: "team", team_size: 4 });
  });

  test("a form post lands on its ending: the redirect, or the thank-you page with the ending's title and message", async ({
    seed,
    request,
  }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, LOGIC_FORM, { publish: true });
    const post = (fields: [string, string][]) =>
      request.fetch(submitPath(form.uuid), { method: "POST", form: Object.fromEntries(fields), maxRedirects: 0 });
    const free = await post([
      ["email", "ada@example.com"],
      ["plan", "free"],
    ]);
    expect(free.status()).toBe(303);
    expect(free.headers().location).toBe(`/f/${form.uuid}/thanks?ending=end_thanks`);
    const page = await (await request.get(free.headers().location!)).text();
    expect(page).toContain("Thanks!");
    expect(page).toContain("Enjoy the free plan.");
    const team = await post([
      ["email", "ada@example.com"],
      ["plan", "team"],
      ["team_size", "3"],
    ]);
    expect(team.status()).toBe(303);
    expect(team.headers().location).toBe("https://example.com/teams");
  });

  test("GET /api/v2/forms/:id returns the description and endings; a form without them has neither key", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, LOGIC_FORM, { publish: true });
    const plain = await seed.form(org.organizationId, { name: "Plain", elements: [{ id: "a", label: "A", type: "short-text" }] });
    const token = await seed.token(org.organizationId, { scopes: ["form.view"] });
    const res = await api.get(`/api/v2/forms/${form.id}`, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ elements: LOGIC_FORM.elements, description: LOGIC_FORM.description, endings: LOGIC_FORM.endings });
    const other = await api.get(`/api/v2/forms/${plain.id}`, token);
    expect(Object.keys(other.body).sort()).toEqual(["createdAt", "elements", "id", "name", "submissionsCount", "updatedAt"]);
  });
});

test("publishing refuses broken logic with each problem at its path, and changes nothing", async ({ seed, sessionOf }) => {
  const org = await seed.org();
  const as = await sessionOf(org);
  const form = await seed.form(org.organizationId, { name: "Draft", elements: [] });
  const revision = (await seed.db.select().from(forms).where(eq(forms.id, form.id)))[0]!.draftRevision;
  const saved = await as.mutation("forms.saveDraft", {
    form: form.uuid,
    revision,
    elements: [
      { id: "a", label: "A", type: "short-text", showIf: { all: [{ field: "b", op: "is_filled" }] } },
      { id: "b", label: "B", type: "number", min: 9, max: 1 },
      { id: "plan", label: "Plan", type: "radio", options: PLAN_OPTIONS, showIf: { any: [{ field: "b", op: "contains", value: "1" }] } },
    ],
    settings: { endings: [{ id: "end", title: "Done", redirectUrl: "ftp://example.com" }] },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const published = await as.mutation("forms.publish", { form: form.uuid, revision: saved.body.result.data.revision });
  expect(published.status).toBe(200);
  expect(published.body.result.data).toEqual({
    ok: false,
    problems: [
      { path: ["elements", 1, "min"], message: "elements[1].min must not be greater than max", reason: "must not be greater than max" },
      {
        path: ["endings", 0, "redirectUrl"],
        message: "endings[0].redirectUrl must be an http(s) URL, like https://example.com/thanks",
        reason: "must be an http(s) URL, like https://example.com/thanks",
      },
      {
        path: ["elements", 0, "showIf", "all", 0, "field"],
        message: "elements[0].showIf.all[0].field 'b' comes later in the form; a rule may only look at fields before it",
        reason: "'b' comes later in the form; a rule may only look at fields before it",
      },
      {
        path: ["elements", 2, "showIf", "any", 0, "op"],
        message:
          "elements[2].showIf.any[0].op 'contains' does not apply to number fields " +
          "(use is_equal_to, is_not_equal_to, is_greater_than, is_greater_than_or_equal_to, is_less_than, " +
          "is_less_than_or_equal_to, is_empty, is_filled, is_in, is_not_in, in_range)",
        reason:
          "'contains' does not apply to number fields " +
          "(use is_equal_to, is_not_equal_to, is_greater_than, is_greater_than_or_equal_to, is_less_than, " +
          "is_less_than_or_equal_to, is_empty, is_filled, is_in, is_not_in, in_range)",
      },
    ],
  });
  expect((await seed.db.select().from(forms).where(eq(forms.id, form.id)))[0]).toMatchObject({ published: false, elements: [] });
});
