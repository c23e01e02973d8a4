import { expect, test, type ApiClient } from "../../fixtures";
import {
  createLinks,
  formPost,
  linkSubmitPath,
  publishedForm,
  readSubmission,
  REQUIRED_FIELDS,
  startTokenOf,
  storedRows,
  submitPath,
} from "./survey-fixtures";

/**
 * Input the survey routes once answered with a 500 or in the wrong shape, as the survey fuzz
 * (e2e/api/fuzz) found it: form posts whose fields the page could not show again, built-in
 * names, ids and tokens past their length, paths that do not decode.
 */

/** The messages of a page's error summary, as a respondent reads them. */
function summaryOf(html: string): string[] {
  const list = /<ul class="sv-summary-list">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
  const unescape = (s: string) =>
    s
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  return [...list.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => unescape(m[1]!.replace(/<[^>]+>/g, "")));
}

/** The hidden inputs that carry a ranking's order on the page, in order. */
const rankingOf = (html: string, id: string) =>
  [...html.matchAll(new RegExp(`name="${id}\\[(\\d+)\\]" value="([^"]*)"`, "g"))].map((m) => m[2]);

const LONG_ID = "a".repeat(201);

test.describe("form posts in shapes the page cannot show", () => {
  test("a ranking or a repeat field posted in a wrong shape is refused with 422 and the field's message; nothing is stored", async ({
    seed,
    request,
  }) => {
    const { form } = await publishedForm(seed);
    for (const type of ["urlencoded", "multipart"] as const) {
      const res = await formPost(
        request,
        submitPath(form.uuid),
        [...REQUIRED_FIELDS, ["priorities.first", "price"], ["colleagues", "Grace"]],
        type,
      );
      expect([res.status, res.headers["content-type"]], type).toEqual([422, "text/html; charset=utf-8"]);
      expect(summaryOf(res.text)).toEqual([
        "Rank what matters: priorities must be an array of option values",
        "Colleagues to contact: colleagues must be an array of objects keyed by component id",
      ]);
      // The answers that had a right shape are kept.
      expect(res.text).toMatch(/id="survey-email"[^>]*value="ada@example.com"|value="ada@example.com"[^>]*id="survey-email"/);
    }
    expect(await storedRows(seed, form.id)).toEqual([]);
  });

  test("a scalar posted twice, or as an object, is refused with 422 and the field's message", async ({ seed, request }) => {
    const { form } = await publishedForm(seed);
    const fields = REQUIRED_FIELDS.filter(([name]) => name !== "email");
    const res = await formPost(request, submitPath(form.uuid), [
      ...fields,
      ["email", "ada@example.com"],
      ["email", "grace@example.com"],
      ["topic.choice", "sales"],
    ]);
    expect(res.status).toBe(422);
    expect(summaryOf(res.text)).toEqual(["Email: email must be a string or a number", "Topic: topic must be a string"]);
    expect(await storedRows(seed, form.id)).toEqual([]);
  });

  test("a ranking posted as one value is a one-item ranking: stored when the rest is valid, kept on the 422 page when not", async ({
    seed,
    api,
    request,
  }) => {
    const { org, form } = await publishedForm(seed);
    const invalid = await formPost(request, submitPath(form.uuid), [
      ["priorities", "price"],
      ["email", "not an email"],
    ]);
    expect(invalid.status).toBe(422);
    expect(summaryOf(invalid.text)).toEqual([
      "First name: This field is required",
      "Last name: This field is required",
      "Email: Enter an email address like name@example.com",
      "Message: This field is required",
    ]);
    expect(rankingOf(invalid.text, "priorities")).toEqual(["price"]);
    expect(await storedRows(seed, form.id)).toEqual([]);

    const valid = await formPost(request, submitPath(form.uuid), [
      ...REQUIRED_FIELDS,
      ["priorities", "price"],
      ["products[]", "api"],
      ["products[]", "forms"],
    ]);
    expect([valid.status, valid.headers.location]).toEqual([303, `/f/${form.uuid}/thanks`]);
    const [row] = await storedRows(seed, form.id);
    expect((await readSubmission(api, seed, org.organizationId, row!.id)).data).toMatchObject({
      priorities: ["price"],
      products: ["api", "forms"],
    });
  });

  test("field names that are built-in object properties are refused with 422, never a 500", async ({ seed, request }) => {
    const { form } = await publishedForm(seed);
    const fields = REQUIRED_FIELDS.filter(([name]) => name !== "message");
    const res = await formPost(request, submitPath(form.uuid), [
      ...fields,
      ["toString", "x"],
      ["isPrototypeOf[0]", "y"],
      ["message.valueOf", "Hello"],
      ["__proto__.polluted", "z"],
    ]);
    expect([res.status, res.headers["content-type"]]).toEqual([422, "text/html; charset=utf-8"]);
    expect(summaryOf(res.text)).toEqual([
      "'toString' is not an element of this form",
      "'isPrototypeOf[0]' is not an element of this form",
      "Message: message must be a string or a number",
    ]);
    expect(await storedRows(seed, form.id)).toEqual([]);
  });

  test("a list button that names no list, or adds an item the page cannot show, is ignored: the post is a normal submit", async ({
    seed,
    request,
  }) => {
    const { form } = await publishedForm(seed);
    const intents = [
      { type: "insert", payload: { name: "priorities.x" } },
      { type: "insert", payload: { name: "colleagues", defaultValue: "Grace" } },
      { type: "insert", payload: { name: "email" } },
    ];
    for (const intent of intents) {
      const res = await formPost(request, submitPath(form.uuid), [
        ["email", "not an email"],
        ["__intent__", JSON.stringify(intent)],
      ]);
      expect([res.status, summaryOf(res.text)[2]], JSON.stringify(intent)).toEqual([
        422,
        "Email: Enter an email address like name@example.com",
      ]);
    }
    expect(await storedRows(seed, form.id)).toEqual([]);
  });

  test(`a _start too long to be a start token counts as none: \
the 422 page gets a fresh one, a valid post is stored without a duration`, async ({ seed, request }) => {
    const { form } = await publishedForm(seed);
    const long = "9".repeat(300);
    const invalid = await formPost(request, submitPath(form.uuid), [
      ["_start", long],
      ["email", "not an email"],
    ]);
    expect(invalid.status).toBe(422);
    expect(startTokenOf(invalid.text)).toMatch(new RegExp(`^${form.id}\\.\\d+\\.[A-Za-z0-9_-]{43}$`));
    expect(await storedRows(seed, form.id)).toEqual([]);
    const valid = await formPost(request, submitPath(form.uuid), [...REQUIRED_FIELDS, ["_start", long]]);
    expect(valid.status).toBe(303);
    expect(await storedRows(seed, form.id)).toEqual([expect.objectContaining({ spam: false, duration: null })]);
  });

  test("past the submit limit, the 429 page keeps the posted values it can show and says why", async ({ seed, api, request }) => {
    const { form } = await publishedForm(seed);
    for (let i = 0; i < 20; i++) expect((await api.call("POST", submitPath(form.uuid), { body: { data: {} } })).status).toBe(422);
    const res = await formPost(request, submitPath(form.uuid), [
      ...REQUIRED_FIELDS,
      ["priorities", "speed"],
      ["colleagues", "Grace"],
      ["toString", "x"],
    ]);
    expect([res.status, res.headers["content-type"]]).toEqual([429, "text/html; charset=utf-8"]);
    expect(summaryOf(res.text)).toEqual([expect.stringMatching(/^Too many submissions from your network\. Try again in \d+ seconds?\.$/)]);
    expect(rankingOf(res.text, "priorities")).toEqual(["speed"]);
    expect(res.text).toMatch(/id="survey-email"[^>]*value="ada@example.com"|value="ada@example.com"[^>]*id="survey-email"/);
    expect(await storedRows(seed, form.id)).toEqual([]);
  });
});

test.describe("ids, queries and paths", () => {
  const page = (api: ApiClient, path: string, method: "GET" | "HEAD" = "GET") => api.call(method as "GET", path);

  test("an id longer than any id is not found: the 404 page, and 404 {message} from the submit endpoints", async ({
    seed,
    api,
    request,
  }) => {
    const { org, form } = await publishedForm(seed);
    await createLinks(seed, org.organizationId, form.uuid, [{}]);
    for (const path of [`/f/${LONG_ID}`, `/u/${LONG_ID}`]) {
      const res = await page(api, path);
      expect([res.status, res.headers["content-type"]], path).toEqual([404, "text/html; charset=utf-8"]);
      expect(res.text).toContain("This form is not available");
    }
    const head = await page(api, `/u/${LONG_ID}`, "HEAD");
    expect([head.status, head.text]).toEqual([404, ""]);
    for (const path of [submitPath(LONG_ID), linkSubmitPath(LONG_ID)]) {
      const json = await api.call("POST", path, { body: { data: {} } });
      expect([json.status, json.body], path).toEqual([404, { message: "Form not found" }]);
      const post = await formPost(request, path, REQUIRED_FIELDS);
      expect([post.status, post.text], path).toEqual([404, expect.stringContaining("This form is not available")]);
    }
    expect(await storedRows(seed, form.id)).toEqual([]);
  });

  test("a ?_prefill= too long to be an id opens the form empty, like an unknown one", async ({ seed, api }) => {
    const { form } = await publishedForm(seed);
    const res = await page(api, `/f/${form.uuid}?_prefill=${"1".repeat(300)}&subject=From+query`);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/id="survey-subject"[^>]*value="From query"/);
  });

  test("a path that is not valid percent-encoding answers 400 {message} on every survey route", async ({ seed, api, request }) => {
    const { form } = await publishedForm(seed);
    const message = (segment: string) => `URL path segment "${segment}" is not valid percent-encoded UTF-8`;
    for (const [method, path, segment] of [
      ["GET", "/f/%zz", "%zz"],
      ["GET", "/u/%ED%A0%80", "%ED%A0%80"],
      ["POST", "/f/%C0%AF/submit", "%C0%AF"],
      ["POST", "/u/%/submit", "%"],
    ] as const) {
      const res = await api.call(method, path, method === "POST" ? { body: { data: {} } } : {});
      expect([res.status, res.headers["content-type"], res.body], path).toEqual([
        400,
        "application/json; charset=utf-8",
        { message: message(segment) },
      ]);
    }
    const post = await formPost(request, "/f/%zz/submit", REQUIRED_FIELDS);
    expect([post.status, JSON.parse(post.text)]).toEqual([400, { message: message("%zz") }]);
    const head = await page(api, "/u/%zz", "HEAD");
    expect([head.status, head.headers["content-type"], head.text]).toEqual([400, "application/json; charset=utf-8", ""]);
    expect(await storedRows(seed, form.id)).toEqual([]);
  });
});
