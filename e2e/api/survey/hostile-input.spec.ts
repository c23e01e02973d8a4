import { expect, test, type ApiClient } from "../../fixtures";
import { createLinks, formPost, linkSubmitPath, publishedForm, REQUIRED_FIELDS, startTokenOf, storedRows, submitPath } from "./survey-fixtures";

/**
 * Input the survey routes once answered with a 500 or in the wrong shape, as the survey fuzz
 * (e2e/api/fuzz) found it: form posts whose fields the page could not show again, built-in
 * names, ids and tokens past their length, paths that do not decode.
 */

const LONG_ID = "a".repeat(201);

test.describe("form posts", () => {
  test("a _start too long to be a start token counts as none: the 422 page gets a fresh one, a valid post is stored without a duration", async ({ seed, request }) => {
    const { form } = await publishedForm(seed);
    const long = "9".repeat(300);
    const invalid = await formPost(request, submitPath(form.uuid), [["_start", long], ["email", "not an email"]]);
    expect(invalid.status).toBe(422);
    expect(startTokenOf(invalid.text)).toMatch(new RegExp(`^${form.id}\\.\\d+\\.[A-Za-z0-9_-]{43}$`));
    expect(await storedRows(seed, form.id)).toEqual([]);
    const valid = await formPost(request, submitPath(form.uuid), [...REQUIRED_FIELDS, ["_start", long]]);
    expect(valid.status).toBe(303);
    expect(await storedRows(seed, form.id)).toEqual([expect.objectContaining({ spam: false, duration: null })]);
  });
});

test.describe("ids, queries and paths", () => {
  const page = (api: ApiClient, path: string, method: "GET" | "HEAD" = "GET") => api.call(method as "GET", path);

  test("an id longer than any id is not found: the 404 page, and 404 {message} from the submit endpoints", async ({ seed, api, request }) => {
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
      expect([res.status, res.headers["content-type"], res.body], path).toEqual([400, "application/json; charset=utf-8", { message: message(segment) }]);
    }
    const post = await formPost(request, "/f/%zz/submit", REQUIRED_FIELDS);
    expect([post.status, JSON.parse(post.text)]).toEqual([400, { message: message("%zz") }]);
    const head = await page(api, "/u/%zz", "HEAD");
    expect([head.status, head.headers["content-type"], head.text]).toEqual([400, "application/json; charset=utf-8", ""]);
    expect(await storedRows(seed, form.id)).toEqual([]);
  });
});
