import { gzipSync } from "node:zlib";
import { expect, test, type ApiClient } from "../../fixtures";
import {
  createLinks,
  createPrefill,
  formPost,
  linkStatus,
  linkSubmitPath,
  publishedForm,
  readSubmission,
  setForm,
  REQUIRED_FIELDS,
  setLink,
  startTokenOf,
  storedRows,
  submitPath,
} from "./survey-fixtures";

/** Survey pages over plain HTTP: statuses, form posts (no JavaScript), start tokens, unique-link states. */

const UNKNOWN = "6f1c2f0e-8a43-4d7e-9a55-0c3b1c1e2a11";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const NOT_AVAILABLE = "This form is not available";

/** A page as a browser would fetch it (no redirects followed). */
async function page(api: ApiClient, path: string, headers: Record<string, string> = {}) {
  return api.call("GET", path, { headers: { "user-agent": BROWSER, ...headers } });
}

test.describe("GET /f/:form_uuid", () => {
  test("renders a published form: its name, a real form posting to /submit, a signed start token, a hidden honeypot", async ({
    seed,
    api,
  }) => {
    const { form } = await publishedForm(seed);
    const res = await page(api, `/f/${form.uuid}`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.text).toContain("<title>Contact us</title>");
    expect(res.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
    const action = `action="/f/${form.uuid}/submit"`;
    expect(res.text).toMatch(new RegExp(`<form[^>]*${action}[^>]*method="post"|<form[^>]*method="post"[^>]*${action}`));
    expect(startTokenOf(res.text)).toMatch(new RegExp(`^${form.id}\\.\\d+\\.[A-Za-z0-9_-]{43}$`));
    expect(res.text).toMatch(/<div class="sv-hp" aria-hidden="true">.*?tabindex="-1"/);
  });

  test("an unknown, malformed, unpublished or trashed form gets the same 404 page", async ({ seed, api }) => {
    const { form: draft } = await publishedForm(seed);
    await setForm(seed, draft.id, { published: false });
    const { form: trashed } = await publishedForm(seed);
    await setForm(seed, trashed.id, { trashed: true });
    const bodies = new Set<string>();
    for (const uuid of [UNKNOWN, "nope", draft.uuid, trashed.uuid]) {
      const res = await page(api, `/f/${uuid}`);
      expect(res.status, uuid).toBe(404);
      expect(res.text).toContain(NOT_AVAILABLE);
      expect(res.text).not.toContain("Contact us");
      // Alike but for scripts, paths and each response's own CSP nonce.
      bodies.add(
        res.text
          .replace(/<script[\s\S]*?<\/script>/g, "")
          .replace(/\/f\/[^"/<]+/g, "")
          .replace(/ nonce="[^"]*"/g, ""),
      );
    }
    expect(bodies.size).toBe(1);
  });

  test("the page's own JavaScript stays under 100 KB gzipped beyond the Next.js runtime", async ({ seed, api }) => {
    const { form } = await publishedForm(seed);
    const scripts = async (path: string) => {
      const html = (await page(api, path)).text;
      return new Set([...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!));
    };
    // The not-found page is the same root layout with no survey code: its scripts are the runtime.
    const runtime = await scripts(`/f/${UNKNOWN}`);
    const own = [...(await scripts(`/f/${form.uuid}`))].filter((src) => !runtime.has(src));
    expect(own.length).toBeGreaterThan(0);
    let bytes = 0;
    for (const src of own) bytes += gzipSync(Buffer.from((await api.get(src)).text)).length;
    console.log(`survey page JavaScript beyond the runtime: ${own.length} chunks, ${(bytes / 1024).toFixed(1)} KB gzipped`);
    expect(bytes).toBeLessThanOrEqual(100 * 1024);
  });
});

test.describe("POST /f/:form_uuid/submit (form posts)", () => {
  test("a urlencoded post of every element type is stored and answered with 303 to the thank-you page", async ({ seed, api, request }) => {
    const { org, form } = await publishedForm(seed);
    const fields: [string, string][] = [
      ...REQUIRED_FIELDS,
      ["phone.country", "GB"],
      ["phone.number", "020 7123 4567"],
      ["subject", "Engines"],
      ["employees", "3"],
      ["callback_on", "2030-06-03"],
      ["source", "newsletter"],
      ["topic", "support"],
      ["country", "DE"],
      ["products", "forms"],
      ["products", "webhooks"],
      ["mood", "meh"],
      ["priorities[0]", "speed"],
      ["priorities[1]", "privacy"],
      ["priorities[2]", "price"],
      ["satisfaction.row_docs", "col_bad"],
      ["satisfaction.row_support", "col_great"],
      ["colleagues[0].colleague_name", "Grace"],
      ["colleagues[1].colleague_name", "Alan"],
      ["colleagues[1].colleague_email", "alan@example.com"],
      ["postal_address.street", "1 Main St"],
      ["postal_address.city", "Springfield"],
      ["_website", ""],
    ];
    const res = await formPost(request, submitPath(form.uuid), fields);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/f/${form.uuid}/thanks`);
    const [row] = await storedRows(seed, form.id);
    expect(row).toMatchObject({ spam: false, duration: null, uniqueLinkId: null });
    expect((await readSubmission(api, seed, org.organizationId, row!.id)).data).toEqual({
      full_name: { first_name: "Ada", last_name: "Lovelace" },
      email: "ada@example.com",
      message: "Hello",
      phone: "+4402071234567",
      subject: "Engines",
      employees: 3,
      callback_on: "2030-06-03",
      source: "newsletter",
      topic: "support",
      country: "DE",
      products: ["forms", "webhooks"],
      mood: "meh",
      priorities: ["speed", "privacy", "price"],
      satisfaction: { row_docs: { col_bad: "1" }, row_support: { col_great: "3" } },
      colleagues: [{ colleague_name: "Grace" }, { colleague_name: "Alan", colleague_email: "alan@example.com" }],
      postal_address: { street: "1 Main St", city: "Springfield" },
    });
    const thanks = await page(api, res.headers.location!);
    expect(thanks.status).toBe(200);
    expect(thanks.text).toContain("Thank you!");
    expect(thanks.text).toContain("Contact us");
  });

  test("multipart/form-data posts work the same; a phone typed with its own dial code keeps it", async ({ seed, api, request }) => {
    const { org, form } = await publishedForm(seed);
    const phone: [string, string][] = [
      ["phone.country", "US"],
      ["phone.number", "+44 20 7123 4567"],
    ];
    const res = await formPost(request, submitPath(form.uuid), [...REQUIRED_FIELDS, ...phone], "multipart");
    expect(res.status).toBe(303);
    const [row] = await storedRows(seed, form.id);
    expect((await readSubmission(api, seed, org.organizationId, row!.id)).data).toMatchObject({ phone: "+442071234567" });
  });

  test("an invalid post answers 422 with the form page: error summary, messages beside fields, values kept", async ({ seed, request }) => {
    const { form } = await publishedForm(seed);
    const res = await formPost(request, submitPath(form.uuid), [
      ["full_name.first_name", "Ada"],
      ["email", "ada-at-example"],
      ["employees", "lots"],
      ["subject", "Keep <me>"],
    ]);
    expect(res.status).toBe(422);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.text).toContain("<title>Error: Contact us</title>");
    expect(res.text).toContain("There is a problem");
    for (const message of [
      "Last name: This field is required",
      "Email: Enter an email address like name@example.com",
      "Company size: Enter a number, like 12 or 3.5",
      "Message: This field is required",
    ]) {
      expect(res.text).toContain(message);
    }
    expect(res.text).toMatch(/id="survey-email"[^>]*value="ada-at-example"|value="ada-at-example"[^>]*id="survey-email"/);
    expect(res.text).toContain('value="Keep &lt;me&gt;"');
    expect(res.text).toMatch(/aria-describedby="survey-email-error"/);
    expect(res.text).toMatch(/id="survey-email-error"/);
    expect(await storedRows(seed, form.id)).toEqual([]);
  });

  test("without JavaScript, list buttons post the form and get it back changed (200), with nothing stored", async ({ seed, request }) => {
    const { form } = await publishedForm(seed);
    const res = await formPost(request, submitPath(form.uuid), [
      ["full_name.first_name", "Ada"],
      ["colleagues[0].colleague_name", "Grace"],
      ["priorities[0]", "price"],
      ["priorities[1]", "speed"],
      ["priorities[2]", "privacy"],
      ["__intent__", JSON.stringify({ type: "insert", payload: { name: "colleagues" } })],
    ]);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain("There is a problem");
    expect(res.text).toContain("Colleagues to contact 2");
    expect(res.text).toContain('value="Grace"');
    const moved = await formPost(request, submitPath(form.uuid), [
      ["priorities[0]", "price"],
      ["priorities[1]", "speed"],
      ["priorities[2]", "privacy"],
      ["__intent__", JSON.stringify({ type: "reorder", payload: { name: "priorities", from: 0, to: 2 } })],
    ]);
    expect(moved.status).toBe(200);
    expect([...moved.text.matchAll(/class="sv-rank-label">([^<]+)</g)].map((m) => m[1])).toEqual(["Speed", "Privacy", "Price"]);
    // A broken or foreign intent is ignored: the post is a normal (here invalid) submit.
    const broken = await formPost(request, submitPath(form.uuid), [
      ["__intent__", "{not json"],
      ["colleagues[5000].colleague_name", "x"],
    ]);
    expect(broken.status).toBe(422);
    expect(await storedRows(seed, form.id)).toEqual([]);
  });

  test("the start token gives the duration; a post within 2 s of the page is spam; a forged token counts as none", async ({
    seed,
    api,
    request,
  }) => {
    const { form } = await publishedForm(seed);
    const token = startTokenOf((await page(api, `/f/${form.uuid}`)).text)!;
    expect((await formPost(request, submitPath(form.uuid), [...REQUIRED_FIELDS, ["_start", token]])).status).toBe(303);
    const [fast] = await storedRows(seed, form.id);
    expect(fast).toMatchObject({ spam: true, duration: 0 });

    // Another page's token (the same one again is the same post, stored once: resent-post.spec.ts).
    const later = startTokenOf((await page(api, `/f/${form.uuid}`)).text)!;
    await new Promise((r) => setTimeout(r, 2100));
    expect((await formPost(request, submitPath(form.uuid), [...REQUIRED_FIELDS, ["_start", later]])).status).toBe(303);
    const [slow] = await storedRows(seed, form.id);
    expect(slow!.spam).toBe(false);
    expect(slow!.duration).toBeGreaterThanOrEqual(2);

    const [id, issued] = token.split(".");
    const forged = `${id}.${Number(issued) - 600_000}.${"A".repeat(43)}`;
    expect((await formPost(request, submitPath(form.uuid), [...REQUIRED_FIELDS, ["_start", forged]])).status).toBe(303);
    expect((await storedRows(seed, form.id))[0]).toMatchObject({ spam: false, duration: null });

    const honeypot = await formPost(request, submitPath(form.uuid), [...REQUIRED_FIELDS, ["_website", "http://spam.example"]]);
    expect(honeypot.status).toBe(303);
    expect((await storedRows(seed, form.id))[0]).toMatchObject({ spam: true });
  });

  test("form posts to a closed form or link get the 404 or 410 page; other content types 415 as JSON", async ({ seed, api, request }) => {
    const { org, form } = await publishedForm(seed);
    const [link] = await createLinks(seed, org.organizationId, form.uuid, [{}]);
    await setLink(seed, link!.id, { active: false });
    const gone = await formPost(request, linkSubmitPath(link!.id), REQUIRED_FIELDS);
    expect(gone.status).toBe(410);
    expect(gone.text).toContain("This link is no longer active");
    const missing = await formPost(request, submitPath(UNKNOWN), REQUIRED_FIELDS);
    expect(missing.status).toBe(404);
    expect(missing.text).toContain(NOT_AVAILABLE);
    const text = await api.call("POST", submitPath(form.uuid), { rawBody: "email=x", headers: { "content-type": "text/plain" } });
    const message = "Send application/json, application/x-www-form-urlencoded or multipart/form-data";
    expect([text.status, text.body]).toEqual([415, { message }]);
  });

  test("the 429 page carries the limit's headers, as the JSON answer does, and is never cached", async ({ seed, api, request }) => {
    const { form } = await publishedForm(seed);
    for (let i = 0; i < 20; i++) expect((await api.call("POST", submitPath(form.uuid), { body: { data: {} } })).status).toBe(422);
    const res = await formPost(request, submitPath(form.uuid), REQUIRED_FIELDS);
    expect([res.status, res.headers["content-type"]]).toEqual([429, "text/html; charset=utf-8"]);
    expect(res.headers).toMatchObject({
      "cache-control": "no-store",
      "retry-after": expect.stringMatching(/^\d+$/),
      "ratelimit-limit": "20",
      "ratelimit-remaining": "0",
    });
    expect(res.text).toContain("Too many submissions from your network");
    expect(await storedRows(seed, form.id)).toEqual([]);
  });
});

test.describe("POST /u/:link_id/submit (form posts)", () => {
  test("an invalid post answers 422 with the link's form; an expired or completed link 410 with its sentence", async ({
    seed,
    request,
  }) => {
    const { org, form } = await publishedForm(seed);
    const [open, expired, completed] = await createLinks(seed, org.organizationId, form.uuid, [{}, {}, {}]);
    const invalid = await formPost(request, linkSubmitPath(open!.id), [["email", "ada-at-example"]]);
    const kind = ({ status, headers }: { status: number; headers: Record<string, string> }) => [
      status,
      headers["content-type"],
      headers["cache-control"],
    ];
    expect(kind(invalid)).toEqual([422, "text/html; charset=utf-8", "no-store"]);
    expect(invalid.text).toContain("<title>Error: Contact us</title>");
    expect(invalid.text).toContain("There is a problem");
    expect(invalid.text).toMatch(new RegExp(`action="/u/${open!.id}/submit"`));
    expect(invalid.text).toContain('value="ada-at-example"');

    await setLink(seed, expired!.id, { expiresAt: new Date(Date.now() - 60_000) });
    await setLink(seed, completed!.id, { status: "completed" });
    for (const [id, sentence] of [
      [expired!.id, "This link has expired"],
      [completed!.id, "This form has already been submitted"],
    ] as const) {
      const gone = await formPost(request, linkSubmitPath(id), REQUIRED_FIELDS);
      expect(kind(gone), id).toEqual([410, "text/html; charset=utf-8", "no-store"]);
      expect(gone.text).toContain(sentence);
      expect(gone.text).not.toContain('name="_start"');
    }
    expect(await storedRows(seed, form.id)).toEqual([]);
  });

  test("a recipient is thanked on the link's own address, with nothing that leads to the public form", async ({ seed, request }) => {
    const { org, form } = await publishedForm(seed);
    const [link] = await createLinks(seed, org.organizationId, form.uuid, [{}]);
    const sent = await formPost(request, linkSubmitPath(link!.id), REQUIRED_FIELDS);
    expect([sent.status, sent.headers.location]).toEqual([303, `/u/${link!.id}/thanks`]);
    expect(await storedRows(seed, form.id)).toHaveLength(1);
    const thanks = await request.get(`/u/${link!.id}/thanks`);
    expect(thanks.status()).toBe(200);
    const html = await thanks.text();
    expect(html).toContain("Your answers");
    expect(html).toContain("Contact us");
    expect(html).not.toContain(form.uuid);
    expect(html).not.toContain("/f/");
    // The public form's own posts are thanked on its address, as before.
    const publicPost = await formPost(request, `/f/${form.uuid}/submit`, REQUIRED_FIELDS);
    expect([publicPost.status, publicPost.headers.location]).toEqual([303, `/f/${form.uuid}/thanks`]);
  });
});

test.describe("GET /u/:link_id", () => {
  test("an active link shows its form with its prefill and moves pending → in_progress on a person's first visit", async ({
    seed,
    api,
  }) => {
    const { org, form } = await publishedForm(seed);
    const [link] = await createLinks(seed, org.organizationId, form.uuid, [{ prefillData: [{ id: "email", value: "ada@example.com" }] }]);
    const res = await page(api, `/u/${link!.id}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain("<title>Contact us</title>");
    expect(res.text).toMatch(new RegExp(`action="/u/${link!.id}/submit"`));
    expect(res.text).toContain('value="ada@example.com"');
    expect(await linkStatus(seed, link!.id)).toBe("in_progress");
    await page(api, `/u/${link!.id}`);
    expect(await linkStatus(seed, link!.id)).toBe("in_progress");
  });

  test("link-preview bots, prefetches and HEAD requests do not start a link", async ({ seed, api }) => {
    const { org, form } = await publishedForm(seed);
    const [link] = await createLinks(seed, org.organizationId, form.uuid, [{}]);
    const bots = [
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Twitterbot/1.0",
      "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
      "WhatsApp/2.23.20.0 A",
      "TelegramBot (like TwitterBot)",
      "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
    ];
    for (const ua of bots) expect((await page(api, `/u/${link!.id}`, { "user-agent": ua })).status, ua).toBe(200);
    expect((await page(api, `/u/${link!.id}`, { "sec-purpose": "prefetch" })).status).toBe(200);
    const head = await api.call("HEAD" as "GET", `/u/${link!.id}`, { headers: { "user-agent": BROWSER } });
    expect([head.status, head.text]).toEqual([200, ""]);
    expect(await linkStatus(seed, link!.id)).toBe("pending");
  });

  test("inactive, expired and completed links answer 410 with their sentence; unknown links and closed forms 404", async ({
    seed,
    api,
  }) => {
    const { org, form } = await publishedForm(seed);
    const [inactive, expired, completed, draftLink] = await createLinks(seed, org.organizationId, form.uuid, [{}, {}, {}, {}]);
    await setLink(seed, inactive!.id, { active: false });
    await setLink(seed, expired!.id, { expiresAt: new Date(Date.now() - 60_000) });
    await setLink(seed, completed!.id, { status: "completed" });
    const cases: [string, number, string][] = [
      [inactive!.id, 410, "This link is no longer active"],
      [expired!.id, 410, "This link has expired"],
      [completed!.id, 410, "This form has already been submitted"],
      [UNKNOWN, 404, NOT_AVAILABLE],
      ["not-a-link", 404, NOT_AVAILABLE],
    ];
    for (const [id, status, sentence] of cases) {
      const res = await page(api, `/u/${id}`);
      expect(res.status, id).toBe(status);
      expect(res.text).toContain(sentence);
      expect(res.text).not.toContain('name="_start"');
      const head = await api.call("HEAD" as "GET", `/u/${id}`);
      expect(head.status).toBe(status);
    }
    const { form: other } = await publishedForm(seed);
    void other;
    await setForm(seed, form.id, { trashed: true });
    const trashed = await page(api, `/u/${draftLink!.id}`);
    expect(trashed.status).toBe(404);
    expect(await linkStatus(seed, draftLink!.id)).toBe("pending");
    expect(await linkStatus(seed, inactive!.id)).toBe("pending");
  });

  test("a link's pages carry a survey page's headers, are never cached, and their scripts carry the answer's nonce", async ({
    seed,
    api,
  }) => {
    const { org, form } = await publishedForm(seed);
    const [open, inactive] = await createLinks(seed, org.organizationId, form.uuid, [{}, {}]);
    await setLink(seed, inactive!.id, { active: false });
    for (const [id, status] of [
      [open!.id, 200],
      [inactive!.id, 410],
      [UNKNOWN, 404],
    ] as const) {
      const res = await page(api, `/u/${id}`);
      const h = res.headers;
      expect([res.status, h["content-type"], h["cache-control"]], id).toEqual([status, "text/html; charset=utf-8", "no-store"]);
      const nonce = /'nonce-([A-Za-z0-9+/]+=*)'/.exec(h["content-security-policy"] ?? "")?.[1];
      expect(nonce, id).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(h["content-security-policy"]).toContain("; frame-ancestors *");
      expect(h["x-frame-options"]).toBeUndefined();
      expect([h["referrer-policy"], h["x-content-type-options"]]).toEqual(["same-origin", "nosniff"]);
      const scripts = [...res.text.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, id).toContain(`nonce="${nonce}"`);
    }
  });

  test("a link's page is the form's own page but for where it posts; an unknown link's is the form's 404 page", async ({ seed, api }) => {
    const { org, form } = await publishedForm(seed);
    const [link] = await createLinks(seed, org.organizationId, form.uuid, [{}]);
    // The markup a browser shows, without scripts, nonces and the start token (fresh on every render).
    const markup = (html: string) =>
      html
        .replace(/<script[\s\S]*?<\/script>/g, "")
        .replace(/ nonce="[^"]*"/g, "")
        .replace(/name="_start" value="[^"]+"/, 'name="_start" value=""');
    const viaLink = markup((await page(api, `/u/${link!.id}`)).text);
    expect(viaLink).toContain(`action="/u/${link!.id}/submit"`);
    const direct = markup((await page(api, `/f/${form.uuid}`)).text);
    expect(viaLink.replace(`action="/u/${link!.id}/submit"`, `action="/f/${form.uuid}/submit"`)).toBe(direct);
    const notFound = (html: string) => markup(html).replace(/\/f\/[^"/<]+/g, "");
    expect(notFound((await page(api, `/u/${UNKNOWN}`)).text)).toBe(notFound((await page(api, `/f/${UNKNOWN}`)).text));
  });

  test("`?_prefill=` fills only the form's own prefills; the query fills simple fields; _prefill wins", async ({ seed, api }) => {
    const { org, form } = await publishedForm(seed);
    const own = await createPrefill(seed, org.organizationId, form.uuid, [{ id: "subject", value: "From prefill" }]);
    const [link] = await createLinks(seed, org.organizationId, form.uuid, [{ prefillData: [{ id: "subject", value: "Link's own" }] }]);
    const { org: otherOrg, form: otherForm } = await publishedForm(seed);
    const foreign = await createPrefill(seed, otherOrg.organizationId, otherForm.uuid, [{ id: "subject", value: "Other form" }]);
    const linkPrefill = (await seed.db.query.uniqueLinks.findFirst({ where: (l, { eq }) => eq(l.id, link!.id) }))!.prefillId!;

    const subject = async (query: string) =>
      /id="survey-subject"[^>]*value="([^"]*)"/.exec((await page(api, `/f/${form.uuid}?${query}`)).text)?.[1] ?? null;
    expect(await subject(`_prefill=${own}`)).toBe("From prefill");
    expect(await subject(`_prefill=${own}&subject=From+query`)).toBe("From prefill");
    expect(await subject(`subject=From+query&source=ad`)).toBe("From query");
    expect(await subject(`_prefill=${foreign}`)).toBe(null);
    expect(await subject(`_prefill=${linkPrefill}`)).toBe(null);
    expect(await subject(`_prefill=${UNKNOWN}`)).toBe(null);
    expect(await subject(`_prefill=garbage`)).toBe(null);
    const hidden = (await page(api, `/f/${form.uuid}?source=ad+campaign&topic=opt_other&employees=abc`)).text;
    expect(hidden).toContain('type="hidden" name="source" value="ad campaign"');
    expect(hidden).toMatch(/id="survey-topic-other"[^>]*checked=""/);
    expect(hidden).toMatch(/id="survey-employees"(?![^>]*value=)/);
  });
});
