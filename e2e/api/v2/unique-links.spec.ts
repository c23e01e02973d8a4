import { count, eq } from "drizzle-orm";
import { prefills, uniqueLinks } from "../../../db/schema";
import { expect, test, type Seed } from "../../fixtures";
import { contactForm, EVERY_KIND } from "../form-fixtures";
import { tokenClient, type TokenClient } from "../token-client";

/** Unique links (`/api/v2/forms/{form_uuid}/unique_links`, server/routers/v2/unique-links/). */

const base = (formUuid: string) => `/api/v2/forms/${formUuid}/unique_links`;
const FUTURE = "2099-01-01T00:00:00.000Z";
const UNKNOWN = "6f1c2f0e-8a43-4d7e-9a55-0c3b1c1e2a11";
const WRITE = ["unique_link.write", "unique_link.read", "prefill.read"];

async function counts(seed: Seed, formId: number) {
  const [links] = await seed.db.select({ n: count() }).from(uniqueLinks).where(eq(uniqueLinks.formId, formId));
  const [pre] = await seed.db.select({ n: count() }).from(prefills).where(eq(prefills.formId, formId));
  return { links: links!.n, prefills: pre!.n };
}

async function createLinks(c: TokenClient, formUuid: string, links: unknown[]) {
  const res = await c.call("POST", base(formUuid), { unique_links: links });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.uniqueLinks as { id: string; entryName: string; url: string; expiresAt: string | null; prefillId: string | null }[];
}

test.describe("POST /api/v2/forms/:form_uuid/unique_links", () => {
  test("creates pending, active links with URLs, generated entry names and attached prefills", async ({ seed, api, baseURL }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId, { scopes: WRITE });
    const res = await c.call("POST", base(form.uuid), {
      unique_links: [
        { entry_name: "  alice@example.com ", expires_at: "2099-01-01T00:00:00Z", prefill_data: EVERY_KIND },
        {},
        { entry_name: null, expires_at: "2099-06-30", prefill_data: null },
      ],
    });
    expect(res.status).toBe(201);
    const [alice, anon, dated] = res.body.uniqueLinks;
    expect(alice).toEqual({
      id: alice.id,
      entryName: "alice@example.com",
      url: `${baseURL}/u/${alice.id}`,
      expiresAt: FUTURE,
      prefillId: expect.any(String),
    });
    expect(anon).toEqual({ id: anon.id, entryName: anon.id, url: `${baseURL}/u/${anon.id}`, expiresAt: null, prefillId: null });
    expect(dated).toMatchObject({ expiresAt: "2099-06-30T00:00:00.000Z", prefillId: null });

    const got = await c.get(`${base(form.uuid)}/${alice.id}?include_prefill_data=true`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      id: alice.id,
      entryName: "alice@example.com",
      status: "pending",
      active: true,
      expiresAt: FUTURE,
      url: alice.url,
      prefillId: alice.prefillId,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      prefillData: EVERY_KIND,
    });
    const prefill = await c.get(`/api/v2/forms/${form.uuid}/prefills/${alice.prefillId}`);
    expect(prefill.body).toMatchObject({ name: "alice@example.com", data: EVERY_KIND, forUniqueLink: true });
    expect(await counts(seed, form.id)).toEqual({ links: 3, prefills: 1 });
  });

  test("refuses each malformed item with the documented message and writes nothing", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId, { scopes: WRITE });
    const ok = { entry_name: "ok", prefill_data: [{ id: "subject", value: "x" }] };
    const cases: [unknown, string][] = [
      [{}, "unique_links is required and must be an array"],
      [{ unique_links: {} }, "unique_links is required and must be an array"],
      [{ unique_links: Array.from({ length: 101 }, () => ({})) }, "too many unique_links (max 100)"],
      [{ unique_links: [ok, { prefill_data: "x" }] }, "unique_links[1].prefill_data must be an array"],
      [{ unique_links: [{ expires_at: "next week" }] }, "unique_links[0].expires_at is not a valid date"],
      [{ unique_links: [ok, { expires_at: "2024-02-30" }] }, "unique_links[1].expires_at is not a valid date"],
      [{ unique_links: [{ expires_at: 1767225600 }] }, "unique_links[0].expires_at is not a valid date"],
      [{ unique_links: [ok, {}, { expires_at: "2001-01-01T00:00:00Z" }] }, "unique_links[2].expires_at must be in the future"],
      [{ unique_links: [{ entry_name: "   " }] }, "unique_links[0].entry_name cannot be blank"],
      [{ unique_links: [ok, { prefill_data: [{ value: 1 }] }] }, "prefill_data[0].id is required"],
      [
        {
          unique_links: [
            {
              prefill_data: [
                { id: "subject", value: "x" },
                { id: "ghost", value: 1 },
              ],
            },
          ],
        },
        "prefill_data[1].id 'ghost' does not exist in this form",
      ],
      [
        { unique_links: [{ prefill_data: [{ id: "ranking_nope", value: [] }] }] },
        "prefill_data[0].id 'ranking_nope' does not exist in this form",
      ],
      [
        { unique_links: [{ prefill_data: [{ id: "employees", value: { n: 1 } }] }] },
        "prefill_data[0].value must be a scalar for 'number' field",
      ],
      [
        { unique_links: [{ prefill_data: [{ id: "products", value: "opt_api" }] }] },
        "prefill_data[0].value must be an array for 'multiple-checkbox' field",
      ],
      [
        { unique_links: [{ prefill_data: [{ id: "satisfaction", value: "great" }] }] },
        "prefill_data[0].value must be a hash for 'matrix' field",
      ],
      [
        { unique_links: [{ prefill_data: [{ id: "colleagues", value: "Grace" }] }] },
        "prefill_data[0].value must be an array for 'repeat-field'",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await c.call("POST", base(form.uuid), body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await counts(seed, form.id)).toEqual({ links: 0, prefills: 0 });
  });

  test("a duplicate entry_name — within the request or against an existing link — is 422 and writes nothing", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const other = await seed.form(org.organizationId, { name: "Other", elements: [] });
    const c = tokenClient(api, seed, org.organizationId, { scopes: WRITE });
    await createLinks(c, form.uuid, [{ entry_name: "bob" }]);

    const within = await c.call("POST", base(form.uuid), {
      unique_links: [{ entry_name: "carol", prefill_data: [] }, { entry_name: " carol" }],
    });
    expect(within.status).toBe(422);
    expect(within.body).toEqual({ message: "Duplicate entry_name for this form" });
    const existing = await c.call("POST", base(form.uuid), {
      unique_links: [{ entry_name: "dave", prefill_data: [{ id: "subject", value: "x" }] }, { entry_name: "bob" }],
    });
    expect(existing.status).toBe(422);
    expect(existing.body).toEqual({ message: "Duplicate entry_name for this form" });
    expect(await counts(seed, form.id)).toEqual({ links: 1, prefills: 0 });

    // Unique per form: another form may use the same name.
    await createLinks(c, other.uuid, [{ entry_name: "bob" }]);
  });

  test("concurrent requests with the same entry_name: exactly one wins, the others get 422, never a 500", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const tokens = await Promise.all(Array.from({ length: 8 }, () => seed.token(org.organizationId, { scopes: WRITE })));
    const results = await Promise.all(
      tokens.map((token, i) =>
        api.call("POST", base(form.uuid), {
          token,
          body: {
            unique_links: [{ entry_name: `solo-${i}` }, { entry_name: "shared", prefill_data: [{ id: "subject", value: `from ${i}` }] }],
          },
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 422, 422, 422, 422, 422, 422, 422]);
    for (const r of results.filter((r) => r.status === 422)) expect(r.body).toEqual({ message: "Duplicate entry_name for this form" });
    // The winner's two links and one prefill; the losers wrote nothing.
    expect(await counts(seed, form.id)).toEqual({ links: 2, prefills: 1 });
  });

  test("100 links each with prefill data are created in one request", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId, { scopes: WRITE });
    const links = await createLinks(
      c,
      form.uuid,
      Array.from({ length: 100 }, (_, i) => ({ entry_name: `r${i}`, prefill_data: EVERY_KIND.slice(0, 5) })),
    );
    expect(links.map((l) => l.entryName)).toEqual(Array.from({ length: 100 }, (_, i) => `r${i}`));
    expect(new Set(links.map((l) => l.prefillId)).size).toBe(100);
    expect(await counts(seed, form.id)).toEqual({ links: 100, prefills: 100 });
  });
});

test.describe("GET /api/v2/forms/:form_uuid/unique_links", () => {
  test("lists 20 per page, newest first, filters by entry_name and adds prefillData on request", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId, { scopes: WRITE });
    await createLinks(
      c,
      form.uuid,
      Array.from({ length: 20 }, (_, i) => ({ entry_name: `user${i}@example.com` })),
    );
    const [withPrefill] = await createLinks(c, form.uuid, [
      { entry_name: "VIP Customer", prefill_data: [{ id: "subject", value: "VIP" }] },
    ]);

    const p1 = await c.get(base(form.uuid));
    expect(p1.status).toBe(200);
    expect(p1.body.meta).toEqual({ page: 1, perPage: 20, total: 21 });
    expect(p1.body.uniqueLinks[0]).toMatchObject({
      id: withPrefill!.id,
      entryName: "VIP Customer",
      status: "pending",
      active: true,
      prefillId: withPrefill!.prefillId,
    });
    expect(p1.body.uniqueLinks[0]).not.toHaveProperty("prefillData");
    expect(p1.body.uniqueLinks.map((l: any) => l.entryName).slice(1, 3)).toEqual(["user19@example.com", "user18@example.com"]);
    const p2 = await c.get(`${base(form.uuid)}?page=2`);
    expect(p2.body.uniqueLinks.map((l: any) => l.entryName)).toEqual(["user0@example.com"]);

    const vip = await c.get(`${base(form.uuid)}?entry_name=vip&include_prefill_data=true`);
    expect(vip.body.meta.total).toBe(1);
    expect(vip.body.uniqueLinks[0].prefillData).toEqual([{ id: "subject", value: "VIP" }]);
    const users = await c.get(`${base(form.uuid)}?entry_name=${encodeURIComponent("user1")}&include_prefill_data=true`);
    expect(users.body.uniqueLinks.map((l: any) => l.entryName)).toEqual([
      "user19@example.com",
      "user18@example.com",
      "user17@example.com",
      "user16@example.com",
      "user15@example.com",
      "user14@example.com",
      "user13@example.com",
      "user12@example.com",
      "user11@example.com",
      "user10@example.com",
      "user1@example.com",
    ]);
    expect(users.body.uniqueLinks[0].prefillData).toEqual([]);
  });

  test("GET one answers 404 `Unique link not found` for unknown, malformed and other forms' ids", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const other = await seed.form(org.organizationId, { name: "Other", elements: [] });
    const c = tokenClient(api, seed, org.organizationId, { scopes: WRITE });
    const [theirs] = await createLinks(c, other.uuid, [{ entry_name: "x" }]);
    for (const id of [UNKNOWN, "nope", theirs!.id]) {
      const res = await c.get(`${base(form.uuid)}/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Unique link not found" });
    }
  });
});

test.describe("PATCH /api/v2/forms/:form_uuid/unique_links/:id", () => {
  test("changes active, entry_name and expiry; status never changes", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId, { scopes: WRITE });
    const [link] = await createLinks(c, form.uuid, [{ entry_name: "erin", expires_at: FUTURE }]);
    await seed.db.update(uniqueLinks).set({ status: "in_progress" }).where(eq(uniqueLinks.id, link!.id));
    const path = `${base(form.uuid)}/${link!.id}`;

    const off = await c.call("PATCH", path, { active: false, status: "completed" });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: link!.id, entryName: "erin", active: false, status: "in_progress", expiresAt: FUTURE });
    expect(off.body).not.toHaveProperty("prefillData");

    const cleared = await c.call("PATCH", path, { expires_at: null, entry_name: " Erin B " });
    expect(cleared.body).toMatchObject({ entryName: "Erin B", expiresAt: null, active: false, status: "in_progress" });
    const set = await c.call("PATCH", path, { expires_at: "2098-12-31T23:00:00+01:00", active: true });
    expect(set.body).toMatchObject({ expiresAt: "2098-12-31T22:00:00.000Z", active: true });
    const emptied = await c.call("PATCH", path, { expires_at: "" });
    expect(emptied.body.expiresAt).toBeNull();
    const unchanged = await c.call("PATCH", path, {});
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toMatchObject({ entryName: "Erin B", active: true, status: "in_progress", expiresAt: null });
  });

  test("prefill_data replaces the linked prefill's data, or creates and links a prefill", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId, { scopes: WRITE });
    const [bare, prefilled] = await createLinks(c, form.uuid, [
      { entry_name: "bare" },
      { entry_name: "prefilled", prefill_data: [{ id: "subject", value: "old" }] },
    ]);

    const created = await c.call("PATCH", `${base(form.uuid)}/${bare!.id}`, { prefill_data: [{ id: "topic", value: "opt_sales" }] });
    expect(created.status).toBe(200);
    expect(created.body.prefillId).toEqual(expect.any(String));
    const replaced = await c.call("PATCH", `${base(form.uuid)}/${prefilled!.id}`, {
      prefill_data: [{ id: "email", value: "new@example.com" }],
    });
    expect(replaced.body.prefillId).toBe(prefilled!.prefillId);

    const list = await c.get(`${base(form.uuid)}?include_prefill_data=true`);
    const byName = Object.fromEntries(list.body.uniqueLinks.map((l: any) => [l.entryName, l.prefillData]));
    expect(byName).toEqual({ bare: [{ id: "topic", value: "opt_sales" }], prefilled: [{ id: "email", value: "new@example.com" }] });
    expect(await counts(seed, form.id)).toEqual({ links: 2, prefills: 2 });
  });

  test("refuses bad fields with the documented messages and changes nothing", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId, { scopes: WRITE });
    const [link, other] = await createLinks(c, form.uuid, [{ entry_name: "frank", expires_at: FUTURE }, { entry_name: "grace" }]);
    const path = `${base(form.uuid)}/${link!.id}`;
    const cases: [unknown, number, string][] = [
      [{ entry_name: "" }, 400, "entry_name cannot be blank"],
      [{ entry_name: "  " }, 400, "entry_name cannot be blank"],
      [{ prefill_data: "x" }, 400, "prefill_data must be an array"],
      [{ prefill_data: null }, 400, "prefill_data must be an array"],
      [{ expires_at: "tomorrow" }, 400, "expires_at is not a valid date"],
      [{ expires_at: "2000-01-01" }, 400, "expires_at must be in the future"],
      [{ active: "false" }, 400, "active must be true or false"],
      [{ prefill_data: [{ id: "ghost", value: 1 }], active: false }, 400, "prefill_data[0].id 'ghost' does not exist in this form"],
      [{ entry_name: "grace", active: false }, 422, "Duplicate entry_name for this form"],
    ];
    for (const [body, status, message] of cases) {
      const res = await c.call("PATCH", path, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toEqual({ message });
    }
    const after = await c.get(path);
    expect(after.body).toMatchObject({ entryName: "frank", active: true, expiresAt: FUTURE, prefillId: null });
    // The refused rename left the other link as it was.
    expect((await c.get(`${base(form.uuid)}/${other!.id}`)).body).toMatchObject({ entryName: "grace", active: true });

    for (const id of [UNKNOWN, "nope"]) {
      const res = await c.call("PATCH", `${base(form.uuid)}/${id}`, { active: false });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Unique link not found" });
    }
  });
});

test.describe("DELETE /api/v2/forms/:form_uuid/unique_links", () => {
  test("deletes links together with their prefills", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId, { scopes: WRITE });
    const [a, b, keep] = await createLinks(c, form.uuid, [
      { entry_name: "a", prefill_data: [{ id: "subject", value: "a" }] },
      { entry_name: "b" },
      { entry_name: "keep", prefill_data: [] },
    ]);
    const res = await c.call("DELETE", base(form.uuid), { ids: [a!.id, b!.id] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 2 });
    expect(await counts(seed, form.id)).toEqual({ links: 1, prefills: 1 });
    expect((await c.get(`/api/v2/forms/${form.uuid}/prefills/${a!.prefillId}`)).status).toBe(404);
    expect((await c.get(`${base(form.uuid)}/${keep!.id}`)).status).toBe(200);
  });

  test("unknown ids are 422 {error, notFoundIds} and nothing is deleted; malformed lists are 400", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const c = tokenClient(api, seed, org.organizationId, { scopes: WRITE });
    const [a] = await createLinks(c, form.uuid, [{ entry_name: "a", prefill_data: [] }]);

    const res = await c.call("DELETE", base(form.uuid), { ids: [a!.id, UNKNOWN] });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: "Unique link IDs not found", notFoundIds: [UNKNOWN] });
    expect(await counts(seed, form.id)).toEqual({ links: 1, prefills: 1 });

    const cases: [unknown, string][] = [
      [{}, "ids is required"],
      [{ ids: a!.id }, "ids must be an array"],
      [{ ids: Array.from({ length: 101 }, () => UNKNOWN) }, "too many ids (max 100)"],
    ];
    for (const [body, message] of cases) {
      const bad = await c.call("DELETE", base(form.uuid), body);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ message });
    }
    expect(await counts(seed, form.id)).toEqual({ links: 1, prefills: 1 });
  });
});

test.describe("unique link scopes", () => {
  test("reading needs unique_link.read and writing needs unique_link.write", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const reader = tokenClient(api, seed, org.organizationId, { scopes: ["unique_link.read"] });
    const writer = tokenClient(api, seed, org.organizationId, { scopes: ["unique_link.write"] });
    const deny = (scope: string) => ({ message: `You do not have permission to perform this action. Required scope: ${scope}` });
    for (const res of [
      await reader.call("POST", base(form.uuid), { unique_links: [{}] }),
      await reader.call("PATCH", `${base(form.uuid)}/${UNKNOWN}`, { active: false }),
      await reader.call("DELETE", base(form.uuid), { ids: [UNKNOWN] }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(deny("unique_link.write"));
    }
    for (const res of [await writer.get(base(form.uuid)), await writer.get(`${base(form.uuid)}/${UNKNOWN}`)]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(deny("unique_link.read"));
    }
    expect(await counts(seed, form.id)).toEqual({ links: 0, prefills: 0 });
  });

  test("another organization's token cannot see or change this form's links", async ({ seed, api }) => {
    const { org, form } = await contactForm(seed);
    const mine = tokenClient(api, seed, org.organizationId, { scopes: WRITE });
    const [link] = await createLinks(mine, form.uuid, [{ entry_name: "private" }]);
    const stranger = await seed.org();
    const theirs = tokenClient(api, seed, stranger.organizationId, { scopes: WRITE });
    for (const res of [
      await theirs.get(base(form.uuid)),
      await theirs.get(`${base(form.uuid)}/${link!.id}`),
      await theirs.call("PATCH", `${base(form.uuid)}/${link!.id}`, { active: false }),
      await theirs.call("DELETE", base(form.uuid), { ids: [link!.id] }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Form not found or not authorized" });
    }
    expect((await mine.get(`${base(form.uuid)}/${link!.id}`)).body.active).toBe(true);
  });
});
