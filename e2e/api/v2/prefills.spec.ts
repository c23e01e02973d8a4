import { count, eq } from "drizzle-orm";
import { prefills } from "../../../db/schema";
import { expect, test, type Seed } from "../../fixtures";
import { contactForm, EVERY_KIND } from "../form-fixtures";
import { tokenClient } from "../token-client";

/** Prefills (`/api/v2/forms/{form_uuid}/prefills`, server/routers/v2/prefills/). */

const base = (formUuid: string) => `/api/v2/forms/${formUuid}/prefills`;

async function prefillCount(seed: Seed, formId: number) {
  const [row] = await seed.db.select({ n: count() }).from(prefills).where(eq(prefills.formId, formId));
  return row!.n;
}

test.describe("POST /api/v2/forms/:form_uuid/prefills", () => {
  test("creates prefills with every kind of value and answers 201 with their ids and survey URLs, in request order", async ({
    seed,
    api,
    baseURL,
  }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId, { scopes: ["prefill.write", "prefill.read"] });

    const res = await c.call("POST", base(form.uuid), {
      prefills: [
        { name: "Everything", prefill_data: EVERY_KIND },
        { name: "Empty", prefill_data: [] },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.prefills).toHaveLength(2);
    const [first, second] = res.body.prefills;
    expect(first).toEqual({
      prefillId: expect.any(String),
      url: `${baseURL}/f/${form.uuid}?_prefill=${first.prefillId}`,
      name: "Everything",
    });
    expect(second.name).toBe("Empty");

    const detail = await c.get(`${base(form.uuid)}/${first.prefillId}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: first.prefillId, name: "Everything", url: first.url, data: EVERY_KIND });
    expect(new Date(detail.body.createdAt).toISOString()).toBe(detail.body.createdAt);

    // The numeric form id works in the path too.
    const byId = await c.get(`/api/v2/forms/${form.id}/prefills/${second.prefillId}`);
    expect(byId.status).toBe(200);
    expect(byId.body.data).toEqual([]);
  });

  test("resolves phone dial codes and stores the country and number for the survey page", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, {
      elements: [
        { id: "intl", label: "Phone", type: "phone", countrySelector: true },
        { id: "local", label: "Local phone", type: "phone" },
      ],
    });
    const c = tokenClient(api, seed, org.organizationId, { scopes: ["prefill.write"] });
    const cases: [string, string, unknown][] = [
      ["+44-2071234567", "020 local", { country: "GB", dialCode: "+44", number: "2071234567" }],
      ["+1 (555) 123-4567", "555-0100", { country: "US", dialCode: "+1", number: "5551234567" }],
      ["+3531234567", "0", { country: "IE", dialCode: "+353", number: "1234567" }],
    ];
    for (const [intl, local, expected] of cases) {
      const res = await c.call("POST", base(form.uuid), {
        prefills: [
          {
            name: intl,
            prefill_data: [
              { id: "intl", value: intl },
              { id: "local", value: local },
            ],
          },
        ],
      });
      expect(res.status).toBe(201);
      const [row] = await seed.db.select().from(prefills).where(eq(prefills.id, res.body.prefills[0].prefillId));
      expect(row!.data).toEqual([
        { id: "intl", value: intl },
        { id: "local", value: local },
      ]);
      expect((row!.resolved as any).intl).toEqual(expected);
      expect((row!.resolved as any).local).toEqual({ country: null, dialCode: null, number: local });
    }
  });

  test("refuses each malformed body with the documented message and writes nothing", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId, { scopes: ["prefill.write"] });
    const ok = { name: "ok", prefill_data: [{ id: "email", value: "a@example.com" }] };
    const cases: [unknown, string][] = [
      [{}, "prefills is required and must be an array"],
      [{ prefills: "x" }, "prefills is required and must be an array"],
      [{ prefills: null }, "prefills is required and must be an array"],
      [{ prefills: Array.from({ length: 101 }, () => ok) }, "too many prefills (max 100)"],
      [{ prefills: [ok, { prefill_data: [] }] }, "prefills[1].name is required"],
      [{ prefills: [{ name: "  ", prefill_data: [] }] }, "prefills[0].name is required"],
      [{ prefills: [ok, ok, { name: "x" }] }, "prefills[2].prefill_data is required and must be an array"],
      [{ prefills: [{ name: "x", prefill_data: { id: "email" } }] }, "prefills[0].prefill_data is required and must be an array"],
      [{ prefills: [ok, { name: "x", prefill_data: [{ id: "email", value: "a" }, { value: "b" }] }] }, "prefill_data[1].id is required"],
      [{ prefills: [{ name: "x", prefill_data: [{ id: "nope", value: "b" }] }] }, "prefill_data[0].id 'nope' does not exist in this form"],
      [
        { prefills: [{ name: "x", prefill_data: [{ id: "subject", value: ["a"] }] }] },
        "prefill_data[0].value must be a scalar for 'short-text' field",
      ],
      [
        { prefills: [{ name: "x", prefill_data: [{ id: "topic", value: { a: 1 } }] }] },
        "prefill_data[0].value must be a scalar for 'radio' field",
      ],
      [
        { prefills: [{ name: "x", prefill_data: [{ id: "products", value: "opt_forms" }] }] },
        "prefill_data[0].value must be an array for 'multiple-checkbox' field",
      ],
      [
        { prefills: [{ name: "x", prefill_data: [{ id: "satisfaction", value: ["row_docs"] }] }] },
        "prefill_data[0].value must be a hash for 'matrix' field",
      ],
      [
        { prefills: [{ name: "x", prefill_data: [{ id: "colleagues", value: { colleague_name: "x" } }] }] },
        "prefill_data[0].value must be an array for 'repeat-field'",
      ],
      // Longer than the survey takes for the field (subject: short-text, 1,000).
      [
        { prefills: [{ name: "x", prefill_data: [{ id: "subject", value: "s".repeat(100_000) }] }] },
        "prefill_data[0].value must be at most 1,000 characters for 'short-text' field",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await c.call("POST", base(form.uuid), body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await prefillCount(seed, form.id)).toBe(0);
  });

  test("an unknown option id is a 400 and the failing item is named; nothing is written", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId, { scopes: ["prefill.write"] });
    const res = await c.call("POST", base(form.uuid), {
      prefills: [
        { name: "good", prefill_data: [{ id: "topic", value: "opt_sales" }] },
        { name: "label instead of id", prefill_data: [{ id: "topic", value: "Sales" }] },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^prefill_data\[0\]\.value 'Sales' /);
    expect(res.body.item).toBe("prefills[1]");
    expect(await prefillCount(seed, form.id)).toBe(0);
  });

  test("100 prefills are accepted in one request", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId, { scopes: ["prefill.write"] });
    const res = await c.call("POST", base(form.uuid), {
      prefills: Array.from({ length: 100 }, (_, i) => ({ name: `p${i}`, prefill_data: [{ id: "subject", value: `s${i}` }] })),
    });
    expect(res.status).toBe(201);
    expect(res.body.prefills.map((p: any) => p.name)).toEqual(Array.from({ length: 100 }, (_, i) => `p${i}`));
    expect(await prefillCount(seed, form.id)).toBe(100);
  });
});

test.describe("GET /api/v2/forms/:form_uuid/prefills", () => {
  test("lists 20 per page, newest first, with meta {page, perPage, total}", async ({ seed, api, baseURL }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId, { scopes: ["prefill.write", "prefill.read"] });
    await c.call("POST", base(form.uuid), { prefills: Array.from({ length: 21 }, (_, i) => ({ name: `Prefill ${i}`, prefill_data: [] })) });

    const p1 = await c.get(base(form.uuid));
    expect(p1.status).toBe(200);
    expect(p1.body.meta).toEqual({ page: 1, perPage: 20, total: 21 });
    expect(p1.body.prefills.map((p: any) => p.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Prefill ${20 - i}`));
    const item = p1.body.prefills[0];
    expect(item).toEqual({
      id: item.id,
      name: "Prefill 20",
      url: `${baseURL}/f/${form.uuid}?_prefill=${item.id}`,
      createdAt: item.createdAt,
      forUniqueLink: false,
    });
    expect(item).not.toHaveProperty("data");

    const p2 = await c.get(`${base(form.uuid)}?page=2`);
    expect(p2.body.prefills.map((p: any) => p.name)).toEqual(["Prefill 0"]);
    expect(p2.body.meta).toEqual({ page: 2, perPage: 20, total: 21 });
    const p3 = await c.get(`${base(form.uuid)}?page=3`);
    expect(p3.body).toEqual({ prefills: [], meta: { page: 3, perPage: 20, total: 21 } });
  });

  test("`name` matches part of the name case-insensitively and literally; meta.total counts the matches", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId, { scopes: ["prefill.write", "prefill.read"] });
    const names = ["Spring campaign", "SPRING 100%", "Autumn", "spring_x"];
    await c.call("POST", base(form.uuid), { prefills: names.map((name) => ({ name, prefill_data: [] })) });

    const spring = await c.get(`${base(form.uuid)}?name=spring`);
    expect(spring.body.prefills.map((p: any) => p.name)).toEqual(["spring_x", "SPRING 100%", "Spring campaign"]);
    expect(spring.body.meta.total).toBe(3);
    const percent = await c.get(`${base(form.uuid)}?name=${encodeURIComponent("100%")}`);
    expect(percent.body.prefills.map((p: any) => p.name)).toEqual(["SPRING 100%"]);
    const underscore = await c.get(`${base(form.uuid)}?name=g_`);
    expect(underscore.body.prefills.map((p: any) => p.name)).toEqual(["spring_x"]);
    const none = await c.get(`${base(form.uuid)}?name=winter`);
    expect(none.body).toEqual({ prefills: [], meta: { page: 1, perPage: 20, total: 0 } });
  });

  test("prefills of unique links are hidden unless include_unique_link_prefills=true", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId, { scopes: ["prefill.write", "prefill.read", "unique_link.write"] });
    await c.call("POST", base(form.uuid), { prefills: [{ name: "standalone", prefill_data: [] }] });
    const link = await c.call("POST", `/api/v2/forms/${form.uuid}/unique_links`, {
      unique_links: [{ entry_name: "alice", prefill_data: [{ id: "subject", value: "Hi Alice" }] }],
    });
    expect(link.status).toBe(201);

    const hidden = await c.get(base(form.uuid));
    expect(hidden.body.prefills.map((p: any) => p.name)).toEqual(["standalone"]);
    expect(hidden.body.meta.total).toBe(1);
    const shown = await c.get(`${base(form.uuid)}?include_unique_link_prefills=true`);
    expect(shown.body.prefills.map((p: any) => [p.name, p.forUniqueLink])).toEqual([
      ["alice", true],
      ["standalone", false],
    ]);
    expect(shown.body.prefills[0].id).toBe(link.body.uniqueLinks[0].prefillId);
    const off = await c.get(`${base(form.uuid)}?include_unique_link_prefills=false`);
    expect(off.body.meta.total).toBe(1);
    const bad = await c.get(`${base(form.uuid)}?include_unique_link_prefills=maybe`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: "include_unique_link_prefills must be true or false" });
  });
});

test.describe("GET /api/v2/forms/:form_uuid/prefills/:id", () => {
  test("answers 404 `Prefill not found` for an unknown id, a malformed id and another form's prefill", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const other = await seed.form(org.organizationId, { name: "Other", elements: [{ id: "a", label: "A", type: "short-text" }] });
    const c = tokenClient(api, seed, org.organizationId, { scopes: ["prefill.write", "prefill.read"] });
    const created = await c.call("POST", base(other.uuid), { prefills: [{ name: "theirs", prefill_data: [] }] });
    const theirs = created.body.prefills[0].prefillId;

    for (const id of ["6f1c2f0e-8a43-4d7e-9a55-0c3b1c1e2a11", "not-a-uuid", theirs]) {
      const res = await c.get(`${base(form.uuid)}/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Prefill not found" });
    }
    expect((await c.get(`${base(other.uuid)}/${theirs}`)).status).toBe(200);
  });

  test("another organization's form, or a form outside a restricted token, is 404 `Form not found or not authorized`", async ({
    seed,
    api,
  }) => {
    const { org, form } = await contactForm(seed);
    const mine = await seed.form(org.organizationId, { name: "Mine", elements: [] });
    const stranger = await seed.org();
    const theirs = tokenClient(api, seed, stranger.organizationId, { scopes: ["prefill.read", "prefill.write"] });
    const restricted = tokenClient(api, seed, org.organizationId, { scopes: ["prefill.read", "prefill.write"], formIds: [mine.id] });
    for (const c of [theirs, restricted]) {
      for (const res of [
        await c.get(base(form.uuid)),
        await c.call("POST", base(form.uuid), { prefills: [{ name: "x", prefill_data: [] }] }),
        await c.call("DELETE", base(form.uuid), { ids: [] }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: "Form not found or not authorized" });
      }
    }
    expect(await prefillCount(seed, form.id)).toBe(0);
    expect((await restricted.get(base(mine.uuid))).status).toBe(200);
  });
});

test.describe("DELETE /api/v2/forms/:form_uuid/prefills", () => {
  test("deletes the given prefills and answers {deleted}", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId, { scopes: ["prefill.write", "prefill.read"] });
    const created = await c.call("POST", base(form.uuid), { prefills: ["a", "b", "c"].map((name) => ({ name, prefill_data: [] })) });
    const [a, b] = created.body.prefills.map((p: any) => p.prefillId);

    const res = await c.call("DELETE", base(form.uuid), { ids: [a, b.toUpperCase(), a] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 2 });
    const left = await c.get(base(form.uuid));
    expect(left.body.prefills.map((p: any) => p.name)).toEqual(["c"]);
    expect((await c.get(`${base(form.uuid)}/${a}`)).status).toBe(404);
  });

  test("unknown ids are 422 {error, notFoundIds} and nothing is deleted", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const other = await seed.form(org.organizationId, { name: "Other", elements: [] });
    const c = tokenClient(api, seed, org.organizationId, { scopes: ["prefill.write"] });
    const mine = (await c.call("POST", base(form.uuid), { prefills: [{ name: "a", prefill_data: [] }] })).body.prefills[0].prefillId;
    const theirs = (await c.call("POST", base(other.uuid), { prefills: [{ name: "b", prefill_data: [] }] })).body.prefills[0].prefillId;
    const unknown = "6f1c2f0e-8a43-4d7e-9a55-0c3b1c1e2a11";

    const res = await c.call("DELETE", base(form.uuid), { ids: [mine, unknown, theirs, "junk"] });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: "Prefill IDs not found", notFoundIds: [unknown, theirs, "junk"] });
    expect(await prefillCount(seed, form.id)).toBe(1);
    expect(await prefillCount(seed, other.id)).toBe(1);
  });

  test("refuses a malformed ids list with the documented messages", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId, { scopes: ["prefill.write"] });
    const cases: [unknown, string][] = [
      [{}, "ids is required"],
      [undefined, "ids is required"],
      [{ ids: "6f1c2f0e-8a43-4d7e-9a55-0c3b1c1e2a11" }, "ids must be an array"],
      [{ ids: { a: 1 } }, "ids must be an array"],
      [{ ids: Array.from({ length: 101 }, () => "6f1c2f0e-8a43-4d7e-9a55-0c3b1c1e2a11") }, "too many ids (max 100)"],
      [{ ids: [1] }, "ids[0] must be a string"],
    ];
    for (const [body, message] of cases) {
      const res = await c.call("DELETE", base(form.uuid), body);
      expect(res.status, JSON.stringify(body)?.slice(0, 80)).toBe(400);
      expect(res.body).toEqual({ message });
    }
    const empty = await c.call("DELETE", base(form.uuid), { ids: [] });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ deleted: 0 });
  });
});

test.describe("prefill scopes", () => {
  test("reading needs prefill.read and writing needs prefill.write (403 naming the scope)", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const readOnly = tokenClient(api, seed, org.organizationId, { scopes: ["prefill.read"] });
    const writeOnly = tokenClient(api, seed, org.organizationId, { scopes: ["prefill.write", "form.view"] });
    const deny = (scope: string) => ({ message: `You do not have permission to perform this action. Required scope: ${scope}` });

    for (const res of [
      await readOnly.call("POST", base(form.uuid), { prefills: [{ name: "x", prefill_data: [] }] }),
      await readOnly.call("DELETE", base(form.uuid), { ids: [] }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(deny("prefill.write"));
    }
    for (const res of [
      await writeOnly.get(base(form.uuid)),
      await writeOnly.get(`${base(form.uuid)}/6f1c2f0e-8a43-4d7e-9a55-0c3b1c1e2a11`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(deny("prefill.read"));
    }
    expect(await prefillCount(seed, form.id)).toBe(0);
    const noToken = await api.get(base(form.uuid), null);
    expect(noToken.status).toBe(400);
    expect(noToken.body).toEqual({ message: "Access Token not found" });
  });
});
