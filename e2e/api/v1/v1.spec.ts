import { eq } from "drizzle-orm";
import { forms, submissions } from "../../../db/schema";
import { revokeApiTokenByValue } from "../../../server/services/tokens/create-token";
import { expect, test, type ApiClient, type Seed } from "../../fixtures";
import { rotatingClient } from "../token-client";
import { idsByTag, januaryAt } from "../filter-forms";
import { colorsElement, fullNameElement, gridElement, scoreElement, sizeElement, tagElement, visitElement } from "../../fixtures/elements";

/**
 * The legacy v1 API (`/api/v1`, server/routers/v1/). A v1 token belongs to one form.
 * The rate limit is 10 requests per 60 s per token, so requests go through `client()`,
 * which mints a fresh v1 token every 10 requests.
 */

const ALL_SCOPES = ["form.view", "submission.view", "submission.delete"];
const NO_SCOPE = { message: "You do not have permission to view submissions" };
const FETCH_ERROR = { message: "Error while fetching the submission" };

/** v1 calls with per-form tokens of `formId`. */
const client = (api: ApiClient, seed: Seed, organizationId: number, formId: number, scopes = ALL_SCOPES) =>
  rotatingClient(api, () => seed.v1Token(organizationId, formId, scopes));

const q = (name: string, value: string) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;

const cityElement = { id: "q_city", label: "City", type: "short-text" };

/** Submission b's answers, keyed by label as v1 answers them. */
const B_BY_LABEL = {
  Tag: "b",
  City: "paris nord",
  Score: 10,
  "Visit date": "2024-02-01",
  "T-shirt size": "m",
  Colors: ["blue", "red"],
  "Full name": { "First name": "Bob" },
};

/** A form with a field of every kind v1 filters and sorts on; oldest first: a, b, c, d, e. */
const legacyForm = {
  name: "Café Feedback — Spring 2024!",
  elements: [
    tagElement,
    cityElement,
    scoreElement,
    visitElement,
    sizeElement,
    colorsElement,
    fullNameElement,
    { id: "q_addr", label: "Address", type: "address", children: [{ fixedname: "city", label: "Town", required: false }] },
    { id: "q_note", label: "Note", type: "long-text" },
    { id: "q_note2", label: "Note", type: "short-text" },
    gridElement,
  ],
  submissions: [
    {
      createdAt: januaryAt(1),
      data: {
        q_tag: "a",
        q_city: "Paris",
        q_score: 9,
        q_visit: "2024-01-15",
        q_size: "s",
        q_colors: ["red"],
        q_name: { first: "Ann", last: "Lee" },
        q_addr: { city: "Lyon" },
        q_note: "first",
        q_note2: "second",
        q_grid: { r1: { c1: "x" } },
      },
    },
    {
      createdAt: januaryAt(2),
      spam: true,
      data: {
        q_tag: "b",
        q_city: "paris nord",
        q_score: 10,
        q_visit: "2024-02-01",
        q_size: "m",
        q_colors: ["blue", "red"],
        q_name: { first: "Bob" },
      },
    },
    {
      createdAt: januaryAt(3),
      data: { q_tag: "c", q_city: "Berlin", q_score: 100, q_visit: "2023-12-31", q_size: "l", q_colors: ["green"] },
    },
    { createdAt: januaryAt(4), data: { q_tag: "d", q_city: "", q_score: "2", q_visit: "2024-01-15T08:30:00Z" } },
    { createdAt: januaryAt(5), data: { q_tag: "e", q_score: -5 } },
  ],
};

async function legacySetup(seed: Seed, api: ApiClient, scopes = ALL_SCOPES) {
  const org = await seed.org();
  const form = await seed.form(org.organizationId, legacyForm, { publish: true });
  const byTag = await idsByTag(seed, form.id);
  const c = client(api, seed, org.organizationId, form.id, scopes);
  /** `GET /api/v1/submissions?<query>` is 200 with exactly these submissions, in this order. */
  const expectTags = async (query: string, tags: string[]) => {
    const r = await c.get(`/api/v1/submissions?${query}`);
    expect(r.status, `${query}: ${r.text}`).toBe(200);
    expect(
      r.body.results.map((s: any) => s.id),
      query,
    ).toEqual(tags.map((t) => byTag[t]));
    expect(r.body.total_count, query).toBe(tags.length);
    expect(r.body.count, query).toBe(tags.length);
  };
  /** Submissions without a value sort last, ordered among themselves by id. */
  const byId = (order: "asc" | "desc", ...tags: string[]) =>
    [...tags].sort((x, y) => (byTag[x]! < byTag[y]! ? -1 : 1) * (order === "asc" ? 1 : -1));
  return { org, form, byTag, c, expectTags, byId };
}

// ---------------------------------------------------------------------------------------
// Tokens

/** GET `path` answers `status` with exactly `body`. */
async function expectAnswer(
  c: { get: (path: string) => Promise<{ status: number; body: unknown }> },
  path: string,
  status: number,
  body: unknown,
) {
  const res = await c.get(path);
  expect(res.status, path).toBe(status);
  expect(res.body).toEqual(body);
}

test.describe("v1 X-SERVICE-TOKEN outcomes", () => {
  test("no header or an empty one is 400 Access Token not found, on every v1 endpoint", async ({ api }) => {
    for (const [method, path] of [
      ["GET", "/api/v1/forms"],
      ["GET", "/api/v1/submissions"],
      ["GET", "/api/v1/submissions/00000000-0000-0000-0000-000000000000"],
      ["DELETE", "/api/v1/submissions/00000000-0000-0000-0000-000000000000"],
    ] as const) {
      const r = await api.call(method, path);
      expect(r.status, `${method} ${path}`).toBe(400);
      expect(r.body).toEqual({ message: "Access Token not found" });
    }
    const empty = await api.call("GET", "/api/v1/forms", { headers: { "X-SERVICE-TOKEN": " " } });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: "Access Token not found" });
  });

  test("a malformed token is 400 Invalid token provided", async ({ api }) => {
    for (const bad of ["abc", "fh_v1_short", "Token fh_v1_" + "a".repeat(32)]) {
      const r = await api.get("/api/v1/submissions", bad);
      expect(r.status, bad).toBe(400);
      expect(r.body).toEqual({ message: "Invalid token provided" });
    }
  });

  test("an unknown v1 token and a valid v2 token are 401 Invalid access token", async ({ seed, api }) => {
    const unknown = await api.get("/api/v1/forms", "fh_v1_" + "A".repeat(32));
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ message: "Invalid access token" });

    const org = await seed.org();
    const v2 = await seed.token(org.organizationId);
    expect((await api.get("/api/v2/forms", v2)).status).toBe(200);
    for (const path of ["/api/v1/forms", "/api/v1/submissions"]) {
      const r = await api.get(path, v2);
      expect(r.status, path).toBe(401);
      expect(r.body).toEqual({ message: "Invalid access token" });
    }
  });

  test("a revoked v1 token is 401 Invalid access token", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId);
    const token = await seed.v1Token(org.organizationId, form.id);
    expect((await api.get("/api/v1/forms", token)).status).toBe(200);
    expect(await revokeApiTokenByValue(seed.db, token)).toBe(true);
    const r = await api.get("/api/v1/submissions", token);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: "Invalid access token" });
  });

  test("each missing scope is 403 You do not have permission to view submissions; nothing is deleted", async ({ seed, api }) => {
    const { org, form, byTag } = await legacySetup(seed, api);
    const id = byTag.a!;
    const without = (scope: string) =>
      seed.v1Token(
        org.organizationId,
        form.id,
        ALL_SCOPES.filter((s) => s !== scope),
      );

    const forms_ = await api.get("/api/v1/forms", await without("form.view"));
    expect(forms_.status).toBe(403);
    expect(forms_.body).toEqual(NO_SCOPE);

    const noView = await without("submission.view");
    for (const path of ["/api/v1/submissions", `/api/v1/submissions/${id}`]) {
      const r = await api.get(path, noView);
      expect(r.status, path).toBe(403);
      expect(r.body).toEqual(NO_SCOPE);
    }

    const noDelete = await without("submission.delete");
    const del = await api.call("DELETE", `/api/v1/submissions/${id}`, { token: noDelete });
    expect(del.status).toBe(403);
    expect(del.body).toEqual(NO_SCOPE);
    expect((await api.get(`/api/v1/submissions/${id}`, noDelete)).status).toBe(200);
    const [row] = await seed.db.select({ n: forms.submissionsCount }).from(forms).where(eq(forms.id, form.id));
    expect(row!.n).toBe(5);
  });

  test("the 11th request in 60 s is 429 You have exceeded api rate limit, with rate-limit headers", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId);
    const token = await seed.v1Token(org.organizationId, form.id);
    for (let i = 1; i <= 10; i++) {
      const r = await api.get(i % 2 ? "/api/v1/forms" : "/api/v1/submissions", token);
      expect(r.status, `request ${i}`).toBe(200);
      expect(r.headers["ratelimit-remaining"]).toBe(String(10 - i));
    }
    const limited = await api.get("/api/v1/submissions", token);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: "You have exceeded api rate limit" });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.headers["x-ratelimit-limit"]).toBe("10");
    // The limit is per token: another token of the same form is unaffected.
    expect((await api.get("/api/v1/forms", await seed.v1Token(org.organizationId, form.id))).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------
// Forms and the preview image

test.describe("GET /api/v1/forms", () => {
  test("lists the token's form as a v1 form with slug, is_live and a preview image URL", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, legacyForm, { publish: true });
    await seed.form(org.organizationId, { name: "Another form of the organization" });
    const c = client(api, seed, org.organizationId, form.id);

    const r = await c.get("/api/v1/forms");
    expect(r.status).toBe(200);
    const [row] = await seed.db.select().from(forms).where(eq(forms.id, form.id));
    expect(r.body).toEqual({
      count: 1,
      total_count: 1,
      per_page: 20,
      page: 1,
      results: [
        {
          id: form.uuid,
          name: "Café Feedback — Spring 2024!",
          created_at: row!.createdAt.toISOString(),
          updated_at: row!.updatedAt.toISOString(),
          preview_image_url: expect.stringMatching(new RegExp(`^https?://[^/]+/f/${form.uuid}/preview\\.png$`)),
          slug: `cafe-feedback-spring-2024-${form.uuid.replace(/-/g, "").slice(0, 8)}`,
          is_live: true,
        },
      ],
    });

    await expectAnswer(c, "/api/v1/forms?page=2", 200, { count: 0, total_count: 1, per_page: 20, page: 2, results: [] });

    await expectAnswer(c, "/api/v1/forms?page=0", 400, { message: "page must be a positive integer" });
  });

  test("an unpublished form is is_live false; a name without letters gets a form-… slug", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, { name: "???" });
    const r = await client(api, seed, org.organizationId, form.id).get("/api/v1/forms");
    expect(r.status).toBe(200);
    expect(r.body.results[0].is_live).toBe(false);
    expect(r.body.results[0].slug).toBe(`form-${form.uuid.slice(0, 8)}`);
  });

  test("the preview image URL serves a PNG of the form; unknown, malformed and trashed forms are 404", async ({ seed, api, request }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, legacyForm, { publish: true });
    const listed = await client(api, seed, org.organizationId, form.id).get("/api/v1/forms");
    const path = new URL(listed.body.results[0].preview_image_url).pathname;

    const img = await request.get(path);
    expect(img.status()).toBe(200);
    expect(img.headers()["content-type"]).toBe("image/png");
    expect(img.headers()["cache-control"]).toContain("max-age=300");
    const png = await img.body();
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(1200); // IHDR width
    expect(png.readUInt32BE(20)).toBe(630); // IHDR height

    const etag = img.headers()["etag"]!;
    expect(etag).toBeTruthy();
    const again = await request.get(path, { headers: { "if-none-match": etag } });
    expect(again.status()).toBe(304);
    expect(again.headers()["etag"]).toBe(etag);
    expect((await again.body()).length).toBe(0);

    // Served again without the ETag: the same image; another form's image shows its own name.
    const repeat = await request.get(path);
    expect(repeat.status()).toBe(200);
    expect((await repeat.body()).equals(png)).toBe(true);
    const other = await seed.form(org.organizationId, { ...legacyForm, name: "Another form" }, { publish: true });
    const otherImg = await request.get(`/f/${other.uuid}/preview.png`);
    expect(otherImg.status()).toBe(200);
    expect(otherImg.headers()["etag"]).not.toBe(etag);
    expect((await otherImg.body()).equals(png)).toBe(false);

    const notFound = { message: "Form not found" };
    for (const missing of ["/f/00000000-0000-4000-8000-000000000000/preview.png", "/f/not-a-uuid/preview.png"]) {
      const r = await request.get(missing);
      expect(r.status(), missing).toBe(404);
      expect(await r.json(), missing).toEqual(notFound);
    }
    await seed.db.update(forms).set({ trashedAt: new Date() }).where(eq(forms.id, form.id));
    const trashed = await request.get(path);
    expect(trashed.status()).toBe(404);
    expect(await trashed.json()).toEqual(notFound);
  });

  test("an unpublished form has no preview image: 404 like an unknown form, until it is published", async ({ seed, request }) => {
    const org = await seed.org();
    const draft = await seed.form(org.organizationId, { ...legacyForm, name: "Secret launch plans" });
    const r = await request.get(`/f/${draft.uuid}/preview.png`);
    expect(r.status()).toBe(404);
    expect(r.headers()["content-type"]).toContain("application/json");
    expect(r.headers()["cache-control"]).toBe("no-store");
    expect(await r.json()).toEqual({ message: "Form not found" });

    await seed.db.update(forms).set({ published: true }).where(eq(forms.id, draft.id));
    const published = await request.get(`/f/${draft.uuid}/preview.png`);
    expect(published.status()).toBe(200);
    expect(published.headers()["content-type"]).toBe("image/png");
  });

  test("once the token's form is trashed, forms is empty and listing submissions is 404", async ({ seed, api }) => {
    const { org, form, byTag } = await legacySetup(seed, api);
    const token = await seed.v1Token(org.organizationId, form.id);
    await seed.db.update(forms).set({ trashedAt: new Date() }).where(eq(forms.id, form.id));
    const c = { get: (path: string) => api.get(path, token) };
    await expectAnswer(c, "/api/v1/forms", 200, { count: 0, total_count: 0, per_page: 20, page: 1, results: [] });
    await expectAnswer(c, "/api/v1/submissions", 404, { message: "Form not found or not authorized" });
    await expectAnswer(c, `/api/v1/submissions/${byTag.a}`, 400, FETCH_ERROR);
  });
});

// ---------------------------------------------------------------------------------------
// Listing submissions

test.describe("GET /api/v1/submissions", () => {
  test("returns 20 per page, oldest first, with count, total_count, per_page and page", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, {
      elements: [{ id: "q_tag", label: "Tag", type: "short-text" }],
      submissions: Array.from({ length: 21 }, (_, i) => ({ data: { q_tag: `s${i}` }, createdAt: januaryAt(1 + i) })),
    });
    const c = client(api, seed, org.organizationId, form.id, ["submission.view"]);

    const p1 = await c.get("/api/v1/submissions");
    expect(p1.status).toBe(200);
    expect({ ...p1.body, results: undefined }).toEqual({ count: 20, total_count: 21, per_page: 20, page: 1, results: undefined });
    expect(p1.body.results.map((s: any) => s.data.Tag)).toEqual(Array.from({ length: 20 }, (_, i) => `s${i}`));

    // per_page is fixed: accepted and ignored.
    const p2 = await c.get("/api/v1/submissions?page=2&per_page=5");
    expect(p2.status).toBe(200);
    expect({ ...p2.body, results: undefined }).toEqual({ count: 1, total_count: 21, per_page: 20, page: 2, results: undefined });
    expect(p2.body.results.map((s: any) => s.data.Tag)).toEqual(["s20"]);

    const p3 = await c.get("/api/v1/submissions?page=3");
    expect(p3.body).toEqual({ count: 0, total_count: 21, per_page: 20, page: 3, results: [] });

    await expectAnswer(c, "/api/v1/submissions?page=x", 400, { message: "page must be a positive integer" });
  });

  test("each result is {id, spam, data, created_at}; data is keyed by field labels", async ({ seed, api }) => {
    const { byTag, c } = await legacySetup(seed, api);
    const r = await c.get("/api/v1/submissions");
    expect(r.status).toBe(200);
    const [a, b] = r.body.results;
    expect(a).toEqual({
      id: byTag.a,
      spam: false,
      created_at: januaryAt(1),
      updated_at: januaryAt(1),
      data: {
        Tag: "a",
        City: "Paris",
        Score: 9,
        "Visit date": "2024-01-15",
        "T-shirt size": "s",
        Colors: ["red"],
        "Full name": { "First name": "Ann", "Last name": "Lee" },
        Address: { Town: "Lyon" },
        Note: "first",
        "Note (q_note2)": "second",
        Grid: { r1: { c1: "x" } },
      },
    });
    expect(Object.keys(a.data)).toEqual([
      "Tag",
      "City",
      "Score",
      "Visit date",
      "T-shirt size",
      "Colors",
      "Full name",
      "Address",
      "Note",
      "Note (q_note2)",
      "Grid",
    ]);
    expect(b.spam).toBe(true);
    expect(b.data).toEqual(B_BY_LABEL);
    expect(r.body.results.map((s: any) => s.spam)).toEqual([false, true, false, false, false]);
  });

  test("sort by a number field compares numbers; order asc is the default and desc reverses; missing values last", async ({
    seed,
    api,
  }) => {
    const { expectTags } = await legacySetup(seed, api);
    await expectTags("sort=Score", ["e", "d", "a", "b", "c"]);
    await expectTags("sort=Score&order=asc", ["e", "d", "a", "b", "c"]);
    await expectTags("sort=Score&order=desc", ["c", "b", "a", "d", "e"]);
    await expectTags("sort=q_score&order=DESC", ["c", "b", "a", "d", "e"]);
  });

  test("sort by a text field is case-insensitive; blank and missing values come last in both orders", async ({ seed, api }) => {
    const { expectTags, byId } = await legacySetup(seed, api);
    await expectTags("sort=City", ["c", "a", "b", ...byId("asc", "d", "e")]);
    await expectTags("sort=City&order=desc", ["b", "a", "c", ...byId("desc", "d", "e")]);
  });

  test("sort by a date field compares dates; a choice field by its (first) value", async ({ seed, api }) => {
    const { expectTags, byId } = await legacySetup(seed, api);
    // d's 2024-01-15T08:30Z is after a's 2024-01-15 (midnight UTC).
    await expectTags(q("sort", "Visit date"), ["c", "a", "d", "b", "e"]);
    await expectTags(`${q("sort", "Visit date")}&order=desc`, ["b", "d", "a", "c", "e"]);
    // Option values: l < m < s; b's colors start with blue.
    await expectTags(q("sort", "T-shirt size"), ["c", "b", "a", ...byId("asc", "d", "e")]);
    await expectTags(q("sort", "Colors"), ["b", "c", "a", ...byId("asc", "d", "e")]);
  });

  test("sort by created_at and updated_at; an unknown sort is created_at in the given order", async ({ seed, api }) => {
    const { expectTags } = await legacySetup(seed, api);
    await expectTags("sort=created_at&order=desc", ["e", "d", "c", "b", "a"]);
    await expectTags("sort=updated_at", ["a", "b", "c", "d", "e"]);
    await expectTags("sort=Nope&order=desc", ["e", "d", "c", "b", "a"]);
    await expectTags("sort=Grid", ["a", "b", "c", "d", "e"]);
    await expectTags("order=sideways", ["a", "b", "c", "d", "e"]);
  });

  test("{field}=value is a case-insensitive substring on text fields, which includes the exact value", async ({ seed, api }) => {
    const { expectTags } = await legacySetup(seed, api);
    await expectTags(q("City", "Paris"), ["a", "b"]);
    await expectTags(q("City", "PARIS N"), ["b"]);
    await expectTags(q("City", "erl"), ["c"]);
    await expectTags(q("First name", "an"), ["a"]);
    await expectTags(q("q_city", "berlin"), ["c"]);
  });

  test("{field}=value is an exact match on number, choice and date fields", async ({ seed, api }) => {
    const { expectTags } = await legacySetup(seed, api);
    await expectTags(q("Score", "10"), ["b"]);
    await expectTags(q("Score", "2"), ["d"]);
    await expectTags(q("T-shirt size", "m"), ["b"]);
    await expectTags(q("T-shirt size", "Medium"), ["b"]);
    await expectTags(q("Colors", "red"), ["a", "b"]);
    await expectTags(q("Visit date", "2024-01-15"), ["a", "d"]);
  });

  test("__gte, __gt, __lte and __lt compare numbers as numbers", async ({ seed, api }) => {
    const { expectTags } = await legacySetup(seed, api);
    await expectTags(q("Score__gte", "10"), ["b", "c"]);
    await expectTags(q("Score__gt", "10"), ["c"]);
    await expectTags(q("Score__lte", "9"), ["a", "d", "e"]);
    // As text "2" would sort after "10": numerically it is less.
    await expectTags(q("Score__lt", "10"), ["a", "d", "e"]);
    await expectTags(q("q_score__gte", "100"), ["c"]);
  });

  test("__gte, __gt, __lte and __lt compare dates as dates", async ({ seed, api }) => {
    const { expectTags } = await legacySetup(seed, api);
    await expectTags(q("Visit date__gte", "2024-01-15"), ["a", "b", "d"]);
    await expectTags(q("Visit date__gt", "2024-01-15"), ["b"]);
    await expectTags(q("Visit date__lte", "2024-01-15"), ["a", "c", "d"]);
    await expectTags(q("Visit date__lt", "2024-01-01"), ["c"]);
    await expectTags(q("Visit date__gt", "2024-01-15T08:00:00Z"), ["b", "d"]);
  });

  test("filters combine with each other, with sort and with paging; total_count counts the matches", async ({ seed, api }) => {
    const { expectTags } = await legacySetup(seed, api);
    await expectTags(`${q("City", "paris")}&${q("Score__gte", "10")}`, ["b"]);
    await expectTags(`${q("Score__gt", "0")}&sort=Score&order=desc`, ["c", "b", "a", "d"]);
    await expectTags(`${q("Score__gt", "0")}&${q("Score__lt", "100")}&sort=Score`, ["d", "a", "b"]);
  });

  test("unknown fields and operators are ignored, as v1 always did; an invalid value is 400", async ({ seed, api }) => {
    const { expectTags, c } = await legacySetup(seed, api);
    const all = ["a", "b", "c", "d", "e"];
    await expectTags(q("Nope", "1"), all);
    await expectTags(q("Nope__gte", "1"), all);
    await expectTags(q("Score__is_greater_than", "50"), all);
    await expectTags(q("Score__between", "1"), all);
    await expectTags(q("Grid", "x"), all);

    await expectAnswer(c, `/api/v1/submissions?${q("Score__gte", "abc")}`, 400, {
      message: 'Score__is_greater_than_or_equal_to needs a number, got "abc"',
    });
    await expectAnswer(c, "/api/v1/submissions?sort=Score&sort=City", 400, { message: "sort must be given once" });
  });
});

// ---------------------------------------------------------------------------------------
// One submission, delete

test.describe("GET /api/v1/submissions/:id", () => {
  test("returns the v1 submission as the top-level body", async ({ seed, api }) => {
    const { byTag, c } = await legacySetup(seed, api);
    const r = await c.get(`/api/v1/submissions/${byTag.b}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: byTag.b,
      spam: true,
      created_at: januaryAt(2),
      updated_at: januaryAt(2),
      data: B_BY_LABEL,
    });
    const upper = await c.get(`/api/v1/submissions/${byTag.b!.toUpperCase()}`);
    expect(upper.status).toBe(200);
    expect(upper.body.id).toBe(byTag.b);
  });

  test(`an unknown id, a malformed id, \
another form's and another organization's submission are 400 Error while fetching the submission`, async ({ seed, api }) => {
    const { org, c } = await legacySetup(seed, api);
    const sibling = await seed.form(org.organizationId, {
      elements: [{ id: "q_tag", label: "Tag", type: "short-text" }],
      submissions: [{ data: { q_tag: "s" } }],
    });
    const other = await seed.org();
    const foreign = await seed.form(other.organizationId, {
      elements: [{ id: "q_tag", label: "Tag", type: "short-text" }],
      submissions: [{ data: { q_tag: "f" } }],
    });
    const siblingId = (await idsByTag(seed, sibling.id)).s!;
    const foreignId = (await idsByTag(seed, foreign.id)).f!;
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", siblingId, foreignId]) {
      const r = await c.get(`/api/v1/submissions/${id}`);
      expect(r.status, id).toBe(400);
      expect(r.body, id).toEqual(FETCH_ERROR);
    }
  });
});

test.describe("DELETE /api/v1/submissions/:id", () => {
  test("deletes: 200 with a message, the form's count drops, and the submission is gone", async ({ seed, api }) => {
    const { form, byTag, c } = await legacySetup(seed, api);
    const count = async () => (await seed.db.select({ n: forms.submissionsCount }).from(forms).where(eq(forms.id, form.id)))[0]!.n;
    expect(await count()).toBe(5);

    const del = await c.call("DELETE", `/api/v1/submissions/${byTag.c}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: "Submission deleted successfully" });
    expect(await count()).toBe(4);

    await expectAnswer(c, `/api/v1/submissions/${byTag.c}`, 400, FETCH_ERROR);
    const list = await c.get("/api/v1/submissions");
    expect(list.body.total_count).toBe(4);
    expect(list.body.results.map((s: any) => s.data.Tag)).toEqual(["a", "b", "d", "e"]);

    const again = await c.call("DELETE", `/api/v1/submissions/${byTag.c}`);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(FETCH_ERROR);
    expect(await count()).toBe(4);
  });

  test("another form's submission or a malformed id is 400 and nothing is deleted", async ({ seed, api }) => {
    const { org, c } = await legacySetup(seed, api);
    const sibling = await seed.form(org.organizationId, {
      elements: [{ id: "q_tag", label: "Tag", type: "short-text" }],
      submissions: [{ data: { q_tag: "s" } }],
    });
    const siblingId = (await idsByTag(seed, sibling.id)).s!;
    for (const id of [siblingId, "nope"]) {
      const r = await c.call("DELETE", `/api/v1/submissions/${id}`);
      expect(r.status, id).toBe(400);
      expect(r.body).toEqual(FETCH_ERROR);
    }
    const [row] = await seed.db.select({ n: forms.submissionsCount }).from(forms).where(eq(forms.id, sibling.id));
    expect(row!.n).toBe(1);
    expect(await seed.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.id, siblingId))).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------
// Documentation

test.describe("v1 documentation", () => {
  test("/api/v1/openapi.json lists the four operations with the v1 messages", async ({ api }) => {
    const r = await api.get("/api/v1/openapi.json");
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe("3.1.0");
    expect(r.body.info.title).toBe("Formhouse API v1 (legacy)");
    expect(r.body.servers[0].url).toMatch(/\/api\/v1$/);
    expect(r.body.info.description).toContain("## Migrating from v1 to v2");
    expect(Object.keys(r.body.paths).sort()).toEqual(["/forms", "/submissions", "/submissions/{id}"]);
    expect(Object.keys(r.body.paths["/submissions/{id}"]).sort()).toEqual(["delete", "get"]);

    const get = r.body.paths["/submissions/{id}"].get;
    expect(get.responses["400"].content["application/json"].example).toEqual(FETCH_ERROR);
    expect(get.responses["403"].content["application/json"].example).toEqual(NO_SCOPE);
    const list = r.body.paths["/submissions"].get;
    expect(list.parameters.map((p: any) => p.name)).toEqual(["page", "sort", "order", "per_page", "filters"]);
    expect(list.description).toContain("ignored");
    expect(
      Object.keys(
        r.body.paths["/forms"].get.responses["200"].content["application/json"].schema.properties.results.items.properties,
      ).sort(),
    ).toEqual(["created_at", "id", "is_live", "name", "preview_image_url", "slug", "updated_at"]);
  });

  test("the API reference page lists v1 and explains the migration to v2", async ({ request }) => {
    const res = await request.get("/docs");
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain("Formhouse API v1 (legacy)");
    expect(html).toContain('id="migrating-from-v1-to-v2"');
    expect(html).toContain("/api/v1/openapi.json");
  });
});
