import { eq } from "drizzle-orm";
import { formResponseTallies, submissions } from "../../../db/schema";
import { expect, test, type Seed } from "../../fixtures";
import { createLinks, formPost, linkStatus, linkSubmitPath, postJson, storedRows, submitPath } from "./survey-fixtures";

/**
 * A form's `settings` (issue 28) over real HTTP: the schedule, the cap counted in the submit's
 * statement, one response per browser or per email, each with its page and its sentence.
 */

const ELEMENTS = [
  { id: "email", label: "Email", type: "email", required: true },
  { id: "name", label: "Name", type: "short-text" },
];

async function formWith(seed: Seed, settings: Record<string, unknown>) {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, { name: "Spring survey", elements: ELEMENTS, settings }, { publish: true });
  return { org, form };
}

const HOUR = 3_600_000;
const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString().replace(/\.\d{3}Z$/, "Z");
const answers = (email = "ada@example.com") => ({ data: { email, name: "Ada" }, duration: 30 });
const ip = (n: number) => ({ "x-forwarded-for": `10.200.${Math.floor(n / 200)}.${(n % 200) + 1}` });

test.describe("form settings: the schedule", () => {
  test("before opensAt the page says when it opens and a submit is refused with 403 and nothing is stored", async ({
    seed,
    api,
    request,
  }) => {
    const opensAt = "2099-06-01T09:30:00Z";
    const { form } = await formWith(seed, { opensAt });
    const page = await request.get(`/f/${form.uuid}`);
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).toContain("This form is not open yet");
    expect(html).toContain("It opens on 1 June 2099 at 09:30 UTC. Come back then to answer.");
    expect(html).not.toContain('name="email"');

    const json = await postJson(api, submitPath(form.uuid), answers());
    expect(json.status).toBe(403);
    expect(json.body).toEqual({ message: "This form is not open yet: it opens on 1 June 2099 at 09:30 UTC" });

    const post = await formPost(request, submitPath(form.uuid), [["email", "ada@example.com"]]);
    expect(post.status).toBe(403);
    expect(post.text).toContain("This form is not open yet");
    expect(await storedRows(seed, form.id)).toEqual([]);
  });

  test("after closesAt the page shows the owner's closedMessage and a submit is refused", async ({ seed, api, request }) => {
    const { form } = await formWith(seed, {
      opensAt: isoIn(-2 * HOUR),
      closesAt: isoIn(-HOUR),
      closedMessage: "Thanks for your interest: sign-ups for spring are over.",
    });
    const html = await (await request.get(`/f/${form.uuid}`)).text();
    expect(html).toContain("This form is closed");
    expect(html).toContain("Thanks for your interest: sign-ups for spring are over.");
    const json = await postJson(api, submitPath(form.uuid), answers());
    expect(json.status).toBe(403);
    expect(json.body).toEqual({ message: "This form is closed" });
    expect(await storedRows(seed, form.id)).toEqual([]);
  });

  test("between opensAt and closesAt the form takes answers as before", async ({ seed, api, request }) => {
    const { form } = await formWith(seed, { opensAt: isoIn(-HOUR), closesAt: isoIn(HOUR) });
    expect(await (await request.get(`/f/${form.uuid}`)).text()).toContain('name="email"');
    const res = await postJson(api, submitPath(form.uuid), answers());
    expect(res.status, res.text).toBe(201);
    expect(await storedRows(seed, form.id)).toHaveLength(1);
  });
});

test.describe("form settings: maxResponses", () => {
  test("50 concurrent submits to a form with 10 places store exactly 10; the rest get the closed sentence", async ({
    seed,
    api,
    request,
  }) => {
    const { form } = await formWith(seed, { maxResponses: 10 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => postJson(api, submitPath(form.uuid), answers(`p${i}@example.com`), ip(i))),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 403)).toHaveLength(40);
    for (const r of results.filter((r) => r.status === 403))
      expect(r.body).toEqual({ message: "This form is closed: it has received all the answers it can take" });
    expect(await storedRows(seed, form.id)).toHaveLength(10);
    const [tally] = await seed.db.select().from(formResponseTallies).where(eq(formResponseTallies.formId, form.id));
    expect(tally?.taken).toBe(10);

    const html = await (await request.get(`/f/${form.uuid}`)).text();
    expect(html).toContain("This form is closed");
    expect(html).toContain("It has received all the answers it can take.");

    // A deleted response gives its place back.
    const [one] = await storedRows(seed, form.id);
    await seed.db.delete(submissions).where(eq(submissions.id, one!.id));
    expect((await postJson(api, submitPath(form.uuid), answers("late@example.com"), ip(99))).status).toBe(201);
    expect((await postJson(api, submitPath(form.uuid), answers("later@example.com"), ip(98))).status).toBe(403);
  });

  test("responses the form had before the cap count; spam takes no place", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(
      org.organizationId,
      {
        name: "Capped",
        elements: ELEMENTS,
        settings: { maxResponses: 2 },
        submissions: [{ data: { email: "old@example.com" } }, { data: { email: "spam@example.com" }, spam: true }],
      },
      { publish: true },
    );
    // The honeypot marks it spam: stored, no place taken.
    const spam = await postJson(api, submitPath(form.uuid), { ...answers("bot@example.com"), _website: "x" }, ip(1));
    expect(spam.status, spam.text).toBe(201);
    expect((await postJson(api, submitPath(form.uuid), answers("new@example.com"), ip(2))).status).toBe(201);
    const full = await postJson(api, submitPath(form.uuid), answers("third@example.com"), ip(3));
    expect(full.status).toBe(403);
    expect(await storedRows(seed, form.id)).toHaveLength(4);
  });
});

test.describe("form settings: one per person", () => {
  test("email: a second response of the address (any case) is refused with 409; a race stores one", async ({ seed, api, request }) => {
    const { form } = await formWith(seed, { onePerPerson: "email", onePerPersonField: "email" });
    expect((await postJson(api, submitPath(form.uuid), answers("Ada@Example.com"), ip(1))).status).toBe(201);
    const again = await postJson(api, submitPath(form.uuid), answers(" ada@example.COM "), ip(2));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: "A response with this email address has already been received" });

    const post = await formPost(request, submitPath(form.uuid), [["email", "ada@example.com"]]);
    expect(post.status).toBe(409);
    expect(post.text).toContain("A response with this email address has already been received");

    const race = await Promise.all(
      Array.from({ length: 10 }, (_, i) => postJson(api, submitPath(form.uuid), answers("grace@example.com"), ip(10 + i))),
    );
    expect(race.filter((r) => r.status === 201)).toHaveLength(1);
    expect(race.filter((r) => r.status === 409)).toHaveLength(9);
    expect(await storedRows(seed, form.id)).toHaveLength(2);
  });

  test("browser: the response sets a signed cookie; with it the page says so and a submit is refused", async ({
    seed,
    api,
    request,
    playwright,
    baseURL,
  }) => {
    const { form } = await formWith(seed, { onePerPerson: "browser" });
    const first = await postJson(api, submitPath(form.uuid), answers());
    expect(first.status).toBe(201);
    const cookie = first.headers["set-cookie"] ?? "";
    const name = `fh_once_${form.uuid.replace(/-/g, "")}`;
    expect(cookie).toMatch(new RegExp(`^${name}=[A-Za-z0-9_-]{43}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax$`));

    // The request context keeps the cookie, as a browser would.
    const again = await postJson(api, submitPath(form.uuid), answers("other@example.com"));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: "You have already responded to this form" });
    expect(await (await request.get(`/f/${form.uuid}`)).text()).toContain("You have already responded to this form");

    // A forged cookie is no cookie: another browser answers.
    const other = await playwright.request.newContext({ baseURL });
    const forged = await other.post(submitPath(form.uuid), {
      data: answers("x@example.com"),
      headers: { ...ip(5), cookie: `${name}=${"A".repeat(43)}` },
    });
    expect(forged.status()).toBe(201);
    await other.dispose();
    expect(await storedRows(seed, form.id)).toHaveLength(2);
  });
});

test.describe("form settings in GET /api/v2/forms/:id", () => {
  test("answers the settings without the CAPTCHA secret; a form without settings has no `settings`", async ({ seed, api }) => {
    const settings = {
      opensAt: "2026-12-01T09:00:00Z",
      maxResponses: 10,
      onePerPerson: "email",
      onePerPersonField: "email",
      captcha: "turnstile",
      captchaSiteKey: "site-key",
      captchaSecret: "very-secret",
      embedOrigins: ["https://example.com"],
      slug: `spring-${Date.now()}`,
    };
    const { org, form } = await formWith(seed, settings);
    const token = await seed.token(org.organizationId, { scopes: ["form.view"] });
    const res = await api.get(`/api/v2/forms/${form.id}`, token);
    expect(res.status).toBe(200);
    const { captchaSecret: _secret, ...shown } = settings;
    expect(res.body.settings).toEqual(shown);
    expect(res.text).not.toContain("very-secret");

    const plain = await seed.form(org.organizationId, { name: "Plain", elements: ELEMENTS });
    const detail = await api.get(`/api/v2/forms/${plain.id}`, token);
    expect(Object.keys(detail.body)).not.toContain("settings");
  });

  test("import-form refuses a slug another form holds, naming it", async ({ seed }) => {
    const slug = `taken-${Date.now()}`;
    const { org } = await formWith(seed, { slug });
    await expect(seed.form(org.organizationId, { name: "Second", elements: ELEMENTS, settings: { slug } })).rejects.toThrow(
      `settings.slug '${slug}' is already used by another form; choose another`,
    );
  });
});

test.describe("form settings on unique links", () => {
  test("a closed form's link answers 403 with the closed page and stays pending; its submit is refused", async ({ seed, api, request }) => {
    const { org, form } = await formWith(seed, { closesAt: "2020-01-01T00:00:00Z" });
    const [link] = await createLinks(seed, org.organizationId, form.uuid, [{}]);
    const page = await request.get(`/u/${link!.id}`);
    expect(page.status()).toBe(403);
    expect(await page.text()).toContain("This form is closed");
    expect(await linkStatus(seed, link!.id)).toBe("pending");
    const res = await postJson(api, linkSubmitPath(link!.id), answers());
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "This form is closed" });
    expect(await storedRows(seed, form.id)).toEqual([]);
  });
});
