import { expect, test } from "../../fixtures";
import { contactForm } from "../form-fixtures";
import { rotatingClient } from "../token-client";

/** Issue 9 on the v1 surface (and the v1 preview image): 400s instead of 500s. Each failed before the fix. */

test(`a NUL character in a v1 filter is a 400 naming it (in its v2 spelling, as v1 names filters); \
in an ignored parameter it is ignored`, async ({ seed, api }) => {
  const { org, form } = await contactForm(seed);
  const c = rotatingClient(api, () => seed.v1Token(org.organizationId, form.id));
  for (const [param, named] of [
    ["Email", "Email__contains"],
    ["Email__gte", "Email__is_greater_than_or_equal_to"],
    ["employees__lt", "employees__is_less_than"],
  ]) {
    const r = await c.get(`/api/v1/submissions?${param}=a%00b`);
    expect([r.status, r.body], param).toEqual([400, { message: `${named} must not contain NUL characters` }]);
  }
  // v1 ignores parameters that name no field, whatever they hold.
  const ignored = await c.get("/api/v1/submissions?No%20such%20field=a%00b&other__gte=%00");
  expect([ignored.status, ignored.body.total_count]).toEqual([200, 0]);
  const sort = await c.get("/api/v1/submissions?sort=a%00b");
  expect([sort.status, sort.body]).toEqual([400, { message: "sort must not contain NUL characters" }]);
});

test("an instant after year 9999 in a v1 __gte filter is a 400 naming the filter", async ({ seed, api }) => {
  const { org, form } = await contactForm(seed);
  const token = await seed.v1Token(org.organizationId, form.id);
  const value = "9999-12-31T23:00:00-01:00";
  const r = await api.get(`/api/v1/submissions?${encodeURIComponent("Call me back on")}__gte=${encodeURIComponent(value)}`, token);
  expect(r.status).toBe(400);
  expect(r.body).toEqual({
    message: `Call me back on__is_greater_than_or_equal_to needs a date (YYYY-MM-DD or ISO 8601 date-time), got "${value}"`,
  });
});

test("malformed percent-escapes in a v1 path are 400 {message}", async ({ api }) => {
  for (const [path, segment] of [
    ["/api/v1/submissions/%", "%"],
    ["/api/v1/submissions/%zz", "%zz"],
    ["/api/v1/submissions/%C0%AF", "%C0%AF"],
  ]) {
    const r = await api.call("DELETE", path!);
    expect([r.status, r.body], path).toEqual([400, { message: `URL path segment "${segment}" is not valid percent-encoded UTF-8` }]);
  }
});

test("the preview image's path with a malformed escape is a 400 {message}, as on every survey route", async ({ api }) => {
  const r = await api.get("/f/%/preview.png");
  expect([r.status, r.headers["content-type"], r.body]).toEqual([
    400,
    "application/json; charset=utf-8",
    { message: 'URL path segment "%" is not valid percent-encoded UTF-8' },
  ]);
});

test("query parameters named like built-in properties: token first, then ignored like any unknown parameter", async ({ seed, api }) => {
  const { org, form } = await contactForm(seed);
  const query = "constructor=1&toString=1&hasOwnProperty=1&__proto__=1";
  const anonymous = await api.get(`/api/v1/forms?${query}`);
  expect([anonymous.status, anonymous.body]).toEqual([400, { message: "Access Token not found" }]);
  const c = rotatingClient(api, () => seed.v1Token(org.organizationId, form.id));
  const forms = await c.get(`/api/v1/forms?${query}`);
  expect(forms.status).toBe(200);
  expect(forms.body.results.map((f: { id: string }) => f.id)).toEqual([form.uuid]);
  // v1 ignores parameters that name no field, so the list is unfiltered.
  const submissions = await c.get(`/api/v1/submissions?${query}&constructor__gte=1`);
  expect(submissions.status).toBe(200);
  expect(submissions.body.total_count).toBe(0);
});
