import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { TEST_CAPTCHA_SECRET } from "../../captcha/verifier-rules";
import { expect, test, type Seed } from "../../fixtures";
import { formPost, postJson, storedRows, submitPath } from "./survey-fixtures";

/**
 * A form's CAPTCHA (issue 28) over real HTTP: ALTCHA's challenge solved by altcha-lib's own
 * solver, replayed, forged, missing; Turnstile and hCaptcha against the suite's local verifier
 * (scripts/lib/captcha-verifier.ts). Then the short link and who may frame a survey page.
 */

const ELEMENTS = [{ id: "email", label: "Email", type: "email", required: true }];
const ANSWERS = { data: { email: "ada@example.com" }, duration: 30 };

async function formWith(seed: Seed, settings: Record<string, unknown>) {
  const org = await seed.org();
  return seed.form(org.organizationId, { name: "Guarded", elements: ELEMENTS, settings }, { publish: true });
}

async function solvedPayload(request: import("@playwright/test").APIRequestContext, formUuid: string) {
  const res = await request.get(`/f/${formUuid}/captcha`);
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toBe("no-store");
  const challenge = (await res.json()) as Challenge;
  expect(challenge.parameters.algorithm).toBe("PBKDF2/SHA-256");
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return { challenge, solution: solution!, payload: Buffer.from(JSON.stringify({ challenge, solution })).toString("base64") };
}

test.describe("CAPTCHA: ALTCHA", () => {
  test("a solved challenge lets one submit through; replayed, forged, missing or another form's is a 400", async ({
    seed,
    api,
    request,
  }) => {
    const form = await formWith(seed, { captcha: "altcha" });
    const page = await (await request.get(`/f/${form.uuid}`)).text();
    expect(page).toContain('data-testid="captcha"');

    const missing = await postJson(api, submitPath(form.uuid), ANSWERS);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: "Complete the CAPTCHA check before submitting" });

    const { challenge, solution, payload } = await solvedPayload(request, form.uuid);
    const forged = Buffer.from(JSON.stringify({ challenge, solution: { ...solution, counter: solution.counter + 1 } })).toString("base64");
    const wrong = await postJson(api, submitPath(form.uuid), ANSWERS, { "x-captcha-response": forged });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: "The CAPTCHA check failed; try it again" });
    const tampered = { ...challenge, parameters: { ...challenge.parameters, cost: 1 } };
    const unsigned = Buffer.from(JSON.stringify({ challenge: tampered, solution })).toString("base64");
    expect((await postJson(api, submitPath(form.uuid), ANSWERS, { "x-captcha-response": unsigned })).status).toBe(400);
    expect((await postJson(api, submitPath(form.uuid), ANSWERS, { "x-captcha-response": "not base64 json" })).status).toBe(400);

    const ok = await postJson(api, submitPath(form.uuid), ANSWERS, { "x-captcha-response": payload });
    expect(ok.status, ok.text).toBe(201);
    const replay = await postJson(api, submitPath(form.uuid), ANSWERS, { "x-captcha-response": payload });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ message: "The CAPTCHA check failed; try it again" });

    // Signed for one form, it solves no other.
    const other = await formWith(seed, { captcha: "altcha" });
    const elsewhere = await solvedPayload(request, other.uuid);
    expect((await postJson(api, submitPath(form.uuid), ANSWERS, { "x-captcha-response": elsewhere.payload })).status).toBe(400);
    expect(await storedRows(seed, form.id)).toHaveLength(1);

    // A form post with the widget's field; without it, the form again with the sentence.
    const post = await formPost(request, submitPath(form.uuid), [["email", "b@example.com"]]);
    expect(post.status).toBe(400);
    expect(post.text).toContain("Complete the CAPTCHA check before submitting");
    const fresh = await solvedPayload(request, form.uuid);
    const solved = await formPost(request, submitPath(form.uuid), [
      ["email", "b@example.com"],
      ["_captcha", fresh.payload],
    ]);
    expect(solved.status).toBe(303);
    expect(await storedRows(seed, form.id)).toHaveLength(2);
  });

  test("a form without ALTCHA has no challenge", async ({ seed, request }) => {
    const form = await formWith(seed, {});
    expect((await request.get(`/f/${form.uuid}/captcha`)).status()).toBe(404);
    expect(await (await request.get(`/f/${form.uuid}`)).text()).not.toContain('data-testid="captcha"');
  });
});

test.describe("CAPTCHA: Turnstile and hCaptcha, checked at their verify URL", () => {
  for (const [captcha, field] of [
    ["turnstile", "cf-turnstile-response"],
    ["hcaptcha", "h-captcha-response"],
  ] as const) {
    test(`${captcha}: the owner's secret and the solution go to the verifier; a refused one is a 400`, async ({ seed, api, request }) => {
      const form = await formWith(seed, { captcha, captchaSiteKey: "site-key", captchaSecret: TEST_CAPTCHA_SECRET });
      const page = await (await request.get(`/f/${form.uuid}`)).text();
      expect(page).toContain('data-sitekey="site-key"');
      expect(page).not.toContain(TEST_CAPTCHA_SECRET);

      const refused = await formPost(request, submitPath(form.uuid), [
        ["email", "a@example.com"],
        [field, "bad-token"],
      ]);
      expect(refused.status).toBe(400);
      expect(refused.text).toContain("The CAPTCHA check failed; try it again");
      const passed = await formPost(request, submitPath(form.uuid), [
        ["email", "a@example.com"],
        [field, "pass-1"],
      ]);
      expect(passed.status).toBe(303);
      const json = await postJson(api, submitPath(form.uuid), ANSWERS, { "x-captcha-response": "pass-2" });
      expect(json.status).toBe(201);
      expect(await storedRows(seed, form.id)).toHaveLength(2);
    });
  }

  test("a wrong secret fails at the verifier", async ({ seed, api }) => {
    const form = await formWith(seed, { captcha: "turnstile", captchaSiteKey: "k", captchaSecret: "not-the-secret" });
    expect((await postJson(api, submitPath(form.uuid), ANSWERS, { "x-captcha-response": "pass-1" })).status).toBe(400);
    expect(await storedRows(seed, form.id)).toEqual([]);
  });
});

test.describe("short links and framing", () => {
  test("/f/<slug> is the form; the UUID link keeps working; an unknown slug is the 404 page", async ({ seed, api, request }) => {
    const slug = `spring-${Date.now()}`;
    const form = await formWith(seed, { slug });
    const bySlug = await request.get(`/f/${slug}`);
    expect(bySlug.status()).toBe(200);
    const html = await bySlug.text();
    expect(html).toContain("Guarded");
    // It posts to the form's own address.
    expect(html).toContain(`action="/f/${form.uuid}/submit"`);
    expect((await request.get(`/f/${form.uuid}`)).status()).toBe(200);
    expect((await request.get(`/f/${slug.toUpperCase()}`)).status()).toBe(200);
    expect((await request.get(`/f/no-such-${slug}`)).status()).toBe(404);
    expect((await postJson(api, submitPath(slug), ANSWERS)).status).toBe(201);
  });

  test("frame-ancestors lists exactly the form's embedOrigins; any site otherwise; never the dashboard", async ({ seed, request }) => {
    const listed = await formWith(seed, { embedOrigins: ["https://example.com", "http://127.0.0.2:4100"] });
    const open = await formWith(seed, {});
    const csp = async (path: string) => (await request.get(path)).headers()["content-security-policy"] ?? "";
    expect(await csp(`/f/${listed.uuid}`)).toMatch(/; frame-ancestors https:\/\/example\.com http:\/\/127\.0\.0\.2:4100$/);
    expect(await csp(`/f/${listed.uuid}?embed=1`)).toMatch(/; frame-ancestors https:\/\/example\.com http:\/\/127\.0\.0\.2:4100$/);
    expect(await csp(`/f/${listed.uuid}/thanks`)).toMatch(/; frame-ancestors https:\/\/example\.com http:\/\/127\.0\.0\.2:4100$/);
    expect(await csp(`/f/${open.uuid}`)).toMatch(/; frame-ancestors \*$/);
    expect(await csp("/sign-in")).toMatch(/frame-ancestors 'none'/);
    // The page a form post is answered with (the form again, its errors) keeps the form's policy, in both encodings.
    for (const type of ["urlencoded", "multipart"] as const) {
      const again = await formPost(request, submitPath(listed.uuid), [["email", "not an address"]], type);
      expect(again.status, type).toBe(422);
      expect(again.headers["content-security-policy"], type).toMatch(
        /; frame-ancestors https:\/\/example\.com http:\/\/127\.0\.0\.2:4100$/,
      );
    }
  });

  test("?embed=1 drops the page's chrome; /embed.js is a script any site may load", async ({ seed, request }) => {
    const form = await formWith(seed, {});
    const plain = await (await request.get(`/f/${form.uuid}`)).text();
    expect(plain).toContain("Made with Formhouse");
    const embedded = await (await request.get(`/f/${form.uuid}?embed=1`)).text();
    expect(embedded).not.toContain("Made with Formhouse");
    expect(embedded).toContain("sv-embedded");
    expect(embedded).toContain(`action="/f/${form.uuid}/submit?embed=1"`);

    const post = await formPost(request, `${submitPath(form.uuid)}?embed=1`, [["email", "a@example.com"]]);
    expect(post.status).toBe(303);
    expect(post.headers["location"]).toBe(`/f/${form.uuid}/thanks?embed=1`);

    const script = await request.get("/embed.js");
    expect(script.status()).toBe(200);
    expect(script.headers()["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(script.headers()["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(await script.text()).toContain("data-formhouse-popup");
  });
});
