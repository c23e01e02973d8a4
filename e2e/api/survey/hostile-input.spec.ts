import { expect, test, type ApiClient } from "../../fixtures";
import { formPost, publishedForm, REQUIRED_FIELDS, storedRows } from "./survey-fixtures";

/**
 * Input the survey routes once answered with a 500 or in the wrong shape, as the survey fuzz
 * (e2e/api/fuzz) found it: form posts whose fields the page could not show again, built-in
 * names, ids and tokens past their length, paths that do not decode.
 */

test.describe("ids, queries and paths", () => {
  const page = (api: ApiClient, path: string, method: "GET" | "HEAD" = "GET") => api.call(method as "GET", path);

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
