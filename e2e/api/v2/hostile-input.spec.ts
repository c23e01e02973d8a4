import { count, eq } from "drizzle-orm";
import { prefills, uniqueLinks } from "../../../db/schema";
import { revokeApiTokenByValue } from "../../../server/services/tokens/create-token";
import { expect, test, type Seed } from "../../fixtures";
import { contactForm } from "../form-fixtures";
import { tokenClient } from "../token-client";

/**
 * Issue 9: inputs that answered 500 are 400s in the `{message}` shape, naming the parameter,
 * and the token is checked before the body. Each test failed before the fix.
 */

const NUL = "\u0000";
const deepJson = (levels: number) => "[".repeat(levels) + "1" + "]".repeat(levels);

async function counts(seed: Seed, formId: number) {
  const [p] = await seed.db.select({ n: count() }).from(prefills).where(eq(prefills.formId, formId));
  const [l] = await seed.db.select({ n: count() }).from(uniqueLinks).where(eq(uniqueLinks.formId, formId));
  return { prefills: p!.n, links: l!.n };
}

test.describe("NUL characters (U+0000) are 400s naming the parameter", () => {
  test("in filter values: contains, is_equal_to, is_in", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId);
    for (const param of ["email__contains", "email__is_equal_to", "Email__is_in"]) {
      const r = await c.get(`/api/v2/submissions?form_uuid=${form.uuid}&${param}=a%00b`);
      expect(r.status, param).toBe(400);
      expect(r.body).toEqual({ message: `${param} must not contain NUL characters` });
    }
  });

  test("in the name and entry_name searches of the prefill and unique-link lists", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId);
    const p = await c.get(`/api/v2/forms/${form.uuid}/prefills?name=a%00b`);
    expect([p.status, p.body]).toEqual([400, { message: "name must not contain NUL characters" }]);
    const l = await c.get(`/api/v2/forms/${form.uuid}/unique_links?entry_name=a%00b`);
    expect([l.status, l.body]).toEqual([400, { message: "entry_name must not contain NUL characters" }]);
  });

  test("in prefill names and values and in entry names (POST and PATCH); nothing is written", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId);
    const prefillsUrl = `/api/v2/forms/${form.uuid}/prefills`;
    const linksUrl = `/api/v2/forms/${form.uuid}/unique_links`;

    const name = await c.call("POST", prefillsUrl, { prefills: [{ name: `a${NUL}b`, prefill_data: [] }] });
    expect([name.status, name.body]).toEqual([400, { message: "prefills[0].name must not contain NUL characters" }]);
    const value = await c.call("POST", prefillsUrl, { prefills: [{ name: "ok", prefill_data: [{ id: "subject", value: `x${NUL}` }] }] });
    expect([value.status, value.body]).toEqual([400, { message: "prefills[0].prefill_data[0].value must not contain NUL characters" }]);
    const entry = await c.call("POST", linksUrl, { unique_links: [{ entry_name: "fine" }, { entry_name: `${NUL}` }] });
    expect([entry.status, entry.body]).toEqual([400, { message: "unique_links[1].entry_name must not contain NUL characters" }]);
    expect(await counts(seed, form.id)).toEqual({ prefills: 0, links: 0 });

    const created = await c.call("POST", linksUrl, { unique_links: [{ entry_name: "erin" }] });
    expect(created.status).toBe(201);
    const id = created.body.uniqueLinks[0].id as string;
    const patch = await c.call("PATCH", `${linksUrl}/${id}`, { entry_name: `er${NUL}in` });
    expect([patch.status, patch.body]).toEqual([400, { message: "entry_name must not contain NUL characters" }]);
    expect((await c.get(`${linksUrl}/${id}`)).body.entryName).toBe("erin");
  });

  test("in a parameter the operation does not read: ignored, like any other value there", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId);
    const forms = await c.get("/api/v2/forms?x=a%00b&a%00b=1");
    expect(forms.status).toBe(200);
    // A bare `field=value` is not a filter on v2 (spec: ignored).
    const bare = await c.get(`/api/v2/submissions?form_uuid=${form.uuid}&email=a%00b`);
    expect(bare.status).toBe(200);
    const page = await c.get("/api/v2/forms?page=1%00");
    expect([page.status, page.body]).toEqual([400, { message: "page must not contain NUL characters" }]);
  });

  test("in a path parameter", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId);
    const r = await c.get(`/api/v2/forms/${form.uuid}/prefills/a%00b`);
    expect([r.status, r.body]).toEqual([400, { message: "id must not contain NUL characters" }]);
  });
});

test.describe("malformed percent-escapes in the path are 400 {message}, before any handler", () => {
  for (const path of ["/api/v2/submissions/%zz", "/api/v2/forms/%C0%AF", "/api/v2/forms/%", "/api/v2/forms/%ED%A0%80/prefills"]) {
    test(path, async ({ api }) => {
      const segment = path.split("/")[4];
      const r = await api.get(path);
      expect(r.status).toBe(400);
      expect(r.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(r.body).toEqual({ message: `URL path segment "${segment}" is not valid percent-encoded UTF-8` });
    });
  }
});

test.describe("dates: years 0001–9999, instants PostgreSQL can hold", () => {
  test("a filter instant after year 9999 in UTC is a 400 naming the filter", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId);
    const value = "9999-12-31T23:00:00-01:00";
    const r = await c.get(`/api/v2/submissions?form_uuid=${form.uuid}&callback_on__before=${encodeURIComponent(value)}`);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: `callback_on__before needs a date (YYYY-MM-DD or ISO 8601 date-time), got "${value}"` });
  });

  test("expires_at after year 9999 in UTC is 'not a valid date' on POST and PATCH", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId);
    const linksUrl = `/api/v2/forms/${form.uuid}/unique_links`;
    const late = "9999-12-31T23:59:59-14:00";
    const post = await c.call("POST", linksUrl, { unique_links: [{ expires_at: late }] });
    expect([post.status, post.body]).toEqual([400, { message: "unique_links[0].expires_at is not a valid date" }]);
    const created = await c.call("POST", linksUrl, { unique_links: [{ entry_name: "a", expires_at: "9999-12-31T23:59:59+14:00" }] });
    expect(created.status).toBe(201);
    expect(created.body.uniqueLinks[0].expiresAt).toBe("9999-12-31T09:59:59.000Z");
    const patch = await c.call("PATCH", `${linksUrl}/${created.body.uniqueLinks[0].id}`, { expires_at: late });
    expect([patch.status, patch.body]).toEqual([400, { message: "expires_at is not a valid date" }]);
  });

  test("years 0001–0099 are read as written, not as 19xx", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, {
      elements: [{ id: "day", label: "Day", type: "date" }],
      submissions: [{ data: { day: "0075-05-05" } }, { data: { day: "1975-05-05" } }],
    });
    const c = tokenClient(api, seed, org.organizationId);
    const r = await c.get(`/api/v2/submissions?form_uuid=${form.uuid}&day__before=0100-01-01`);
    expect(r.status).toBe(200);
    expect(r.body.submissions.map((s: { data: unknown }) => s.data)).toEqual([{ day: "0075-05-05" }]);
    const on = await c.get(`/api/v2/submissions?form_uuid=${form.uuid}&day__on=0075-05-05`);
    expect(on.body.meta.totalCount).toBe(1);
  });
});

test("a JSON body nested 3,000 levels deep is a 400 on POST and PATCH", async ({ seed, api }) => {
  const { org, form } = await contactForm(seed);
  const c = tokenClient(api, seed, org.organizationId);
  const token = await seed.token(org.organizationId);
  const linksUrl = `/api/v2/forms/${form.uuid}/unique_links`;
  const created = await c.call("POST", linksUrl, { unique_links: [{ entry_name: "deep" }] });
  const tooDeep = { message: "Request body is nested too deeply (max 64 levels)" };
  for (const [method, path, body] of [
    ["POST", linksUrl, `{"unique_links":[{"x":${deepJson(3000)}}]}`],
    ["POST", `/api/v2/forms/${form.uuid}/prefills`, deepJson(3000)],
    ["PATCH", `${linksUrl}/${created.body.uniqueLinks[0].id}`, `{"entry_name":"x","prefill_data":${deepJson(20_000)}}`],
  ] as const) {
    const r = await api.call(method, path, { token, rawBody: body, headers: { "content-type": "application/json" } });
    expect([r.status, r.body], `${method} ${path}`).toEqual([400, tooDeep]);
  }
  expect(await counts(seed, form.id)).toEqual({ prefills: 0, links: 1 });
});

test("in_range bounds that differ only beyond double precision keep their order", async ({ seed, api }) => {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, {
    elements: [{ id: "n", label: "N", type: "number" }],
    submissions: [{ data: { n: 0.3 } }, { data: { n: "0.30000000000000001" } }, { data: { n: 0.4 } }],
  });
  const c = tokenClient(api, seed, org.organizationId);
  const reversed = await c.get(`/api/v2/submissions?form_uuid=${form.uuid}&n__in_range=0.30000000000000001,0.3`);
  expect([reversed.status, reversed.body]).toEqual([400, { message: "n__in_range: min must not be greater than max" }]);
  const exact = await c.get(`/api/v2/submissions?form_uuid=${form.uuid}&n__in_range=0.30000000000000001,0.30000000000000001`);
  expect(exact.status).toBe(200);
  expect(exact.body.submissions.map((s: { data: unknown }) => s.data)).toEqual([{ n: "0.30000000000000001" }]);
});

test("a lone UTF-16 surrogate in a prefill value is a 400 naming the value", async ({ seed, api }) => {
  const { org, form } = await contactForm(seed);
  const token = await seed.token(org.organizationId);
  const r = await api.call("POST", `/api/v2/forms/${form.uuid}/prefills`, {
    token,
    rawBody: '{"prefills":[{"name":"x","prefill_data":[{"id":"subject","value":"\\ud800"}]}]}',
    headers: { "content-type": "application/json" },
  });
  expect([r.status, r.body]).toEqual([400, { message: "prefills[0].prefill_data[0].value must not contain unpaired UTF-16 surrogates" }]);
  expect(await counts(seed, form.id)).toEqual({ prefills: 0, links: 0 });
});

test.describe("query parameters named like built-in object properties", () => {
  const names = ["constructor", "toString", "hasOwnProperty", "__proto__", "valueOf"];

  test("without a token: 400 Access Token not found", async ({ api }) => {
    for (const name of names) {
      const r = await api.get(`/api/v2/forms?${name}=1`);
      expect([r.status, r.body], name).toEqual([400, { message: "Access Token not found" }]);
    }
  });

  test("are ignored where the API ignores unknown parameters, and are unknown filter fields where it does not", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId);
    const all = names.map((n) => `${n}=1`).join("&");
    const forms = await c.get(`/api/v2/forms?${all}&constructor=2`);
    expect(forms.status).toBe(200);
    expect(forms.body.forms.map((f: { id: number }) => f.id)).toEqual([form.id]);
    const bare = await c.get(`/api/v2/submissions?form_uuid=${form.uuid}&${all}`);
    expect(bare.status).toBe(200);
    const filter = await c.get(`/api/v2/submissions?form_uuid=${form.uuid}&constructor__contains=x&toString__is_in=a`);
    expect([filter.status, filter.body]).toEqual([400, { message: "Unknown filter field(s): constructor, toString" }]);
  });
});

test.describe("the token is checked before the body (spec order: token, then input)", () => {
  const bodies: { name: string; body: string; type: string }[] = [
    { name: "invalid JSON", body: "{nope", type: "application/json" },
    { name: "not JSON", body: "name=x", type: "application/x-www-form-urlencoded" },
    { name: "over 1 MB", body: JSON.stringify({ prefills: [{ name: "x".repeat(1024 * 1024) }] }), type: "application/json" },
    { name: "nested too deeply", body: deepJson(100), type: "application/json" },
    { name: "a NUL character", body: '{"prefills":[{"name":"\\u0000"}]}', type: "application/json" },
  ];

  test("no token: 400 Access Token not found, whatever the body", async ({ seed, api }) => {
    const { form } = await contactForm(seed);
    for (const b of bodies) {
      const r = await api.call("POST", `/api/v2/forms/${form.uuid}/prefills`, { rawBody: b.body, headers: { "content-type": b.type } });
      expect([r.status, r.body], b.name).toEqual([400, { message: "Access Token not found" }]);
    }
  });

  test("a revoked token: 401 Invalid access token, whatever the body", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const token = await seed.token(org.organizationId);
    await revokeApiTokenByValue(seed.db, token);
    for (const b of bodies) {
      const r = await api.call("DELETE", `/api/v2/forms/${form.uuid}/prefills`, {
        token,
        rawBody: b.body,
        headers: { "content-type": b.type },
      });
      expect([r.status, r.body], b.name).toEqual([401, { message: "Invalid access token" }]);
    }
  });

  test("a valid token: the body's own 400/413/415, each request counted once against the rate limit", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const token = await seed.token(org.organizationId);
    const expected = [
      [400, "Request body is not valid JSON"],
      [415, "Request body must be JSON (Content-Type: application/json)"],
      [413, "Request body too large (max 1 MB)"],
      [400, "Request body is nested too deeply (max 64 levels)"],
      [400, "prefills[0].name must not contain NUL characters"],
    ] as const;
    for (const [i, b] of bodies.entries()) {
      const r = await api.call("POST", `/api/v2/forms/${form.uuid}/prefills`, {
        token,
        rawBody: b.body,
        headers: { "content-type": b.type },
      });
      expect([r.status, r.body], b.name).toEqual([expected[i]![0], { message: expected[i]![1] }]);
      expect(r.headers["ratelimit-remaining"], b.name).toBe(String(9 - i));
    }
  });
});

test("the OpenAPI document states the input rules and the body's 413/415 where an operation takes a body", async ({ api }) => {
  const doc = (await api.get("/api/v2/openapi.json")).body;
  expect(doc.info.description).toContain("**Input rules**, on every operation, checked after the token");
  expect(doc.info.description).toContain("`Request body is nested too deeply (max 64 levels)`");
  const post = doc.paths["/forms/{form_uuid}/prefills"].post.responses;
  expect(post["413"].content["application/json"].example).toEqual({ message: "Request body too large (max 1 MB)" });
  expect(post["415"].content["application/json"].example).toEqual({
    message: "Request body must be JSON (Content-Type: application/json)",
  });
  expect(doc.paths["/forms/{form_uuid}/prefills"].get.responses["413"]).toBeUndefined();
  expect((await api.get("/api/v1/openapi.json")).body.info.description).toContain("**Input rules**");
});
