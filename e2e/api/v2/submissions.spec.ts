import { eq } from "drizzle-orm";
import { forms, submissions } from "../../../db/schema";
import { expect, test, type ApiClient, type Seed } from "../../fixtures";
import { idsByTag, januaryAt } from "../filter-forms";
import {
  colorsElement,
  fullNameElement,
  gridElement,
  nameElement,
  scoreElement,
  sizeElement,
  tagElement,
  visitElement,
} from "../../fixtures/elements";
import { tokenClient as client } from "../token-client";

/**
 * GET/DELETE /api/v2/submissions (server/routers/v2/submissions/). The rate limit is 10 requests per 60 s per
 * token, so requests go through `tokenClient()`, which mints a fresh token every 10 requests.
 */

// ---------------------------------------------------------------------------------------
// Listing, meta, pagination, sorting

test.describe("GET /api/v2/submissions", () => {
  test("returns 20 per page with meta {formId, formUuid, totalCount, page, perPage}; page 2 has the 21st, page 3 is empty", async ({
    seed,
    api,
  }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, {
      elements: [{ id: "q_tag", label: "Tag", type: "short-text" }],
      submissions: Array.from({ length: 21 }, (_, i) => ({ data: { q_tag: `s${i}` }, createdAt: januaryAt(1 + i) })),
    });
    const c = client(api, seed, org.organizationId, { scopes: ["submission.view"] });
    const meta = (page: number) => ({ formId: form.id, formUuid: form.uuid, totalCount: 21, page, perPage: 20 });

    const p1 = await c.get(`/api/v2/submissions?form_id=${form.id}`);
    expect(p1.status).toBe(200);
    expect(p1.body.meta).toEqual(meta(1));
    expect(p1.body.submissions).toHaveLength(20);
    expect(p1.body.submissions.map((s: any) => s.data.q_tag)).toEqual(Array.from({ length: 20 }, (_, i) => `s${20 - i}`));
    expect(Object.keys(p1.body.submissions[0]).sort()).toEqual(["createdAt", "data", "formId", "id", "updatedAt"]);
    expect(p1.body.submissions[0].formId).toBe(form.uuid);

    const p2 = await c.get(`/api/v2/submissions?form_id=${form.id}&page=2`);
    expect(p2.status).toBe(200);
    expect(p2.body.meta).toEqual(meta(2));
    expect(p2.body.submissions.map((s: any) => s.data.q_tag)).toEqual(["s0"]);

    const p3 = await c.get(`/api/v2/submissions?form_id=${form.id}&page=3`);
    expect(p3.status).toBe(200);
    expect(p3.body).toEqual({ submissions: [], meta: meta(3) });
  });

  test("form_uuid and form_id select the same form; both given must agree", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, {
      elements: [{ id: "q_tag", label: "Tag", type: "short-text" }],
      submissions: [{ data: { q_tag: "a" }, createdAt: januaryAt(1) }],
    });
    const other = await seed.form(org.organizationId, { name: "Other" });
    const c = client(api, seed, org.organizationId);

    const byId = await c.get(`/api/v2/submissions?form_id=${form.id}`);
    const byUuid = await c.get(`/api/v2/submissions?form_uuid=${form.uuid}`);
    expect(byId.status).toBe(200);
    expect(byUuid.status).toBe(200);
    expect(byUuid.body).toEqual(byId.body);
    expect(byId.body.meta).toEqual({ formId: form.id, formUuid: form.uuid, totalCount: 1, page: 1, perPage: 20 });

    const both = await c.get(`/api/v2/submissions?form_id=${form.id}&form_uuid=${form.uuid}`);
    expect(both.status).toBe(200);
    expect(both.body).toEqual(byId.body);
    const mismatch = await c.get(`/api/v2/submissions?form_id=${other.id}&form_uuid=${form.uuid}`);
    expect(mismatch.status).toBe(404);
    expect(mismatch.body).toEqual({ message: "Form not found or not authorized" });
  });

  test("neither form_id nor form_uuid is 400 form_id or form_uuid is required", async ({ seed, api }) => {
    const org = await seed.org();
    const c = client(api, seed, org.organizationId);
    for (const query of ["", "?page=1", "?form_id=&form_uuid=", "?Tag__is_equal_to=x"]) {
      const r = await c.get(`/api/v2/submissions${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body).toEqual({ message: "form_id or form_uuid is required" });
    }
  });

  test("a non-numeric form_id is 400; an unknown id or uuid is 404", async ({ seed, api }) => {
    const org = await seed.org();
    const c = client(api, seed, org.organizationId);
    const nonNumeric = await c.get("/api/v2/submissions?form_id=abc");
    expect(nonNumeric.status).toBe(400);
    expect(nonNumeric.body).toEqual({ message: "form_id must be an integer" });
    for (const query of ["form_id=2147483647", "form_id=99999999999", "form_uuid=00000000-0000-4000-8000-000000000000", "form_uuid=nope"]) {
      const r = await c.get(`/api/v2/submissions?${query}`);
      expect(r.status, query).toBe(404);
      expect(r.body).toEqual({ message: "Form not found or not authorized" });
    }
  });

  test("another organization's form is 404, by id and by uuid", async ({ seed, api }) => {
    const mine = await seed.org();
    const theirs = await seed.org();
    const foreign = await seed.form(theirs.organizationId, {
      elements: [{ id: "q_tag", label: "Tag", type: "short-text" }],
      submissions: [{ data: { q_tag: "secret" } }],
    });
    const c = client(api, seed, mine.organizationId);
    for (const query of [`form_id=${foreign.id}`, `form_uuid=${foreign.uuid}`, `form_id=${foreign.id}&Tag__is_filled=true`]) {
      const r = await c.get(`/api/v2/submissions?${query}`);
      expect(r.status, query).toBe(404);
      expect(r.body).toEqual({ message: "Form not found or not authorized" });
    }
  });

  test("a form-restricted token sees its forms only; a trashed form is 404", async ({ seed, api }) => {
    const org = await seed.org();
    const allowed = await seed.form(org.organizationId, { name: "Allowed", submissions: [{ data: {} }] });
    const hidden = await seed.form(org.organizationId, { name: "Hidden", submissions: [{ data: {} }] });
    const c = client(api, seed, org.organizationId, { formIds: [allowed.id] });

    const ok = await c.get(`/api/v2/submissions?form_id=${allowed.id}`);
    expect(ok.status).toBe(200);
    expect(ok.body.meta.totalCount).toBe(1);
    for (const query of [`form_id=${hidden.id}`, `form_uuid=${hidden.uuid}`]) {
      const r = await c.get(`/api/v2/submissions?${query}`);
      expect(r.status, query).toBe(404);
      expect(r.body).toEqual({ message: "Form not found or not authorized" });
    }

    await seed.db.update(forms).set({ trashedAt: new Date() }).where(eq(forms.id, allowed.id));
    const trashed = await c.get(`/api/v2/submissions?form_id=${allowed.id}`);
    expect(trashed.status).toBe(404);
    expect(trashed.body).toEqual({ message: "Form not found or not authorized" });
  });

  test("sorts by created_at, updated_at and duration in either order; unknown sort is created_at desc", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, {
      elements: [{ id: "q_tag", label: "Tag", type: "short-text" }],
      submissions: [
        { data: { q_tag: "s1" }, createdAt: januaryAt(1), updatedAt: januaryAt(5), duration: 20 },
        { data: { q_tag: "s2" }, createdAt: januaryAt(2), updatedAt: januaryAt(3), duration: 30 },
        { data: { q_tag: "s3" }, createdAt: januaryAt(3), updatedAt: januaryAt(4), duration: 10 },
      ],
    });
    const c = client(api, seed, org.organizationId);
    const expected: [string, string[]][] = [
      ["", ["s3", "s2", "s1"]],
      ["&order=asc", ["s1", "s2", "s3"]],
      ["&sort=created_at&order=asc", ["s1", "s2", "s3"]],
      ["&sort=created_at&order=desc", ["s3", "s2", "s1"]],
      ["&sort=updated_at&order=asc", ["s2", "s3", "s1"]],
      ["&sort=updated_at", ["s1", "s3", "s2"]],
      ["&sort=duration&order=asc", ["s3", "s1", "s2"]],
      ["&sort=duration&order=desc", ["s2", "s1", "s3"]],
      ["&sort=name&order=asc", ["s3", "s2", "s1"]],
      ["&sort=DURATION&order=asc", ["s3", "s2", "s1"]],
    ];
    for (const [query, tags] of expected) {
      const r = await c.get(`/api/v2/submissions?form_id=${form.id}${query}`);
      expect(r.status, query).toBe(200);
      expect(
        r.body.submissions.map((s: any) => s.data.q_tag),
        query,
      ).toEqual(tags);
    }
  });

  test("equal sort keys are ordered by id in the same direction, so pages never overlap", async ({ seed, api }) => {
    const org = await seed.org();
    const same = januaryAt(7);
    const form = await seed.form(org.organizationId, {
      elements: [{ id: "q_tag", label: "Tag", type: "short-text" }],
      submissions: Array.from({ length: 25 }, (_, i) => ({ data: { q_tag: `t${i}` }, createdAt: same, duration: 5 })),
    });
    const ids = Object.values(await idsByTag(seed, form.id)).sort();
    const c = client(api, seed, org.organizationId);
    const desc = [
      ...(await c.get(`/api/v2/submissions?form_id=${form.id}`)).body.submissions,
      ...(await c.get(`/api/v2/submissions?form_id=${form.id}&page=2`)).body.submissions,
    ].map((s: any) => s.id);
    expect(desc).toEqual([...ids].reverse());
    const asc = [
      ...(await c.get(`/api/v2/submissions?form_id=${form.id}&sort=duration&order=asc`)).body.submissions,
      ...(await c.get(`/api/v2/submissions?form_id=${form.id}&sort=duration&order=asc&page=2`)).body.submissions,
    ].map((s: any) => s.id);
    expect(asc).toEqual(ids);
  });

  test("without submission.view the list is 403 naming the scope", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId);
    const token = await seed.token(org.organizationId, { scopes: ["form.view", "submission.delete"] });
    const r = await api.get(`/api/v2/submissions?form_id=${form.id}`, token);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: "You do not have permission to perform this action. Required scope: submission.view" });
  });
});

// ---------------------------------------------------------------------------------------
// Filters (lib/filters/filters.ts)

const SPECIAL_LABEL = "Où? (city & zip) 100%+";

const filterForm = {
  name: "Filters",
  elements: [
    tagElement,
    { id: "q_cust", label: "Customer name", type: "short-text" },
    scoreElement,
    visitElement,
    colorsElement,
    sizeElement,
    fullNameElement,
    nameElement("q_addr", "Address", { city: ["City", false], zip: ["Postal code", false] }, "address"),
    { id: "q_special", label: SPECIAL_LABEL, type: "short-text" },
    gridElement,
  ],
  // Newest first by default: e, d, c, b, a.
  submissions: [
    {
      createdAt: januaryAt(1),
      duration: 50,
      data: {
        q_tag: "a",
        q_cust: "Alice Smith",
        q_score: 9,
        q_visit: "2024-01-15",
        q_colors: ["red"],
        q_size: "s",
        q_name: { first: "Ann", last: "Lee" },
        q_addr: { city: "Paris", zip: "75001" },
        q_special: "yes",
        q_grid: { r1: { c1: "x" } },
      },
    },
    {
      createdAt: januaryAt(2),
      duration: 10,
      data: {
        q_tag: "b",
        q_cust: "Bob Stone",
        q_score: 10,
        q_visit: "2024-02-01",
        q_colors: ["blue", "red"],
        q_size: "m",
        q_name: { first: "Bob", last: "Stone" },
        q_addr: { city: "Berlin" },
        q_special: "no",
        q_grid: {},
      },
    },
    {
      createdAt: januaryAt(3),
      duration: 30,
      data: {
        q_tag: "c",
        q_cust: "carol",
        q_score: 100,
        q_visit: "2023-12-31",
        q_colors: ["green"],
        q_size: "l",
        q_name: { first: "Cara" },
        q_addr: { city: "paris" },
        q_special: "",
      },
    },
    { createdAt: januaryAt(4), duration: 40, data: { q_tag: "d", q_cust: "", q_score: "2", q_visit: "2024-01-15", q_colors: [] } },
    { createdAt: januaryAt(5), duration: 20, data: { q_tag: "e", q_score: -5, q_visit: "2024-03-10" } },
  ],
};

test.describe("GET /api/v2/submissions filters", () => {
  /** Seeds the filter form; `expectIds(query, tags)` checks the exact ids (in order) and totalCount. */
  async function setup(seed: Seed, api: ApiClient) {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, filterForm);
    const byTag = await idsByTag(seed, form.id);
    const c = client(api, seed, org.organizationId, { scopes: ["submission.view"] });
    const list = (query: string) => c.get(`/api/v2/submissions?form_id=${form.id}&${query}`);
    const expectIds = async (query: string, tags: string[]) => {
      const r = await list(query);
      expect(r.status, `${query}: ${r.text}`).toBe(200);
      expect(
        r.body.submissions.map((s: any) => s.id),
        query,
      ).toEqual(tags.map((t) => byTag[t]));
      expect(r.body.meta.totalCount, query).toBe(tags.length);
    };
    const expect400 = async (query: string, message: string) => {
      const r = await list(query);
      expect(r.status, query).toBe(400);
      expect(r.body, query).toEqual({ message });
    };
    return { org, form, list, expectIds, expect400 };
  }
  const q = (field: string, type: string, value: string) => `${encodeURIComponent(field)}__${type}=${encodeURIComponent(value)}`;

  test("is_equal_to and is_not_equal_to (missing values count as not equal)", async ({ seed, api }) => {
    const { expectIds } = await setup(seed, api);
    await expectIds(q("Customer name", "is_equal_to", "Bob Stone"), ["b"]);
    await expectIds(q("Customer name", "is_equal_to", "bob stone"), []);
    await expectIds(q("Customer name", "is_not_equal_to", "Bob Stone"), ["e", "d", "c", "a"]);
    await expectIds(q("Score", "is_equal_to", "2"), ["d"]);
    await expectIds(q("Score", "is_equal_to", "10"), ["b"]);
  });

  test("contains and does_not_contain are case-insensitive substring matches", async ({ seed, api }) => {
    const { expectIds } = await setup(seed, api);
    await expectIds(q("Customer name", "contains", "STONE"), ["b"]);
    await expectIds(q("Customer name", "contains", "o"), ["c", "b"]);
    await expectIds(q("Customer name", "does_not_contain", "s"), ["e", "d", "c"]);
    await expectIds(q("Customer name", "contains", "%"), []);
  });

  test("is_greater_than / _or_equal_to / is_less_than / _or_equal_to compare numbers as numbers", async ({ seed, api }) => {
    const { expectIds } = await setup(seed, api);
    // As text, "9" > "10" and "100" < "9": numeric comparison gives the opposite.
    await expectIds(q("Score", "is_greater_than", "9"), ["c", "b"]);
    await expectIds(q("Score", "is_greater_than_or_equal_to", "9"), ["c", "b", "a"]);
    await expectIds(q("Score", "is_less_than", "10"), ["e", "d", "a"]);
    await expectIds(q("Score", "is_less_than_or_equal_to", "10"), ["e", "d", "b", "a"]);
    await expectIds(q("Score", "is_greater_than", "-5.5"), ["e", "d", "c", "b", "a"]);
  });

  test("before / after / on / not_on compare dates as dates", async ({ seed, api }) => {
    const { expectIds } = await setup(seed, api);
    await expectIds(q("Visit date", "before", "2024-01-15"), ["c"]);
    await expectIds(q("Visit date", "after", "2024-01-15"), ["e", "b"]);
    await expectIds(q("Visit date", "on", "2024-01-15"), ["d", "a"]);
    await expectIds(q("Visit date", "not_on", "2024-01-15"), ["e", "c", "b"]);
    // As text "2024-01-15" < "2024-01-15T00:00:00Z"; as instants they are equal.
    await expectIds(q("Visit date", "is_greater_than_or_equal_to", "2024-01-15T00:00:00Z"), ["e", "d", "b", "a"]);
    await expectIds(q("Visit date", "is_less_than", "2024-01-01"), ["c"]);
  });

  test("is_empty and is_filled (true), and false as the inverse", async ({ seed, api }) => {
    const { expectIds, expect400 } = await setup(seed, api);
    await expectIds(q("Customer name", "is_empty", "true"), ["e", "d"]);
    await expectIds(q("Customer name", "is_filled", "true"), ["c", "b", "a"]);
    await expectIds(q("Customer name", "is_empty", "false"), ["c", "b", "a"]);
    await expectIds(q("Colors", "is_empty", "true"), ["e", "d"]);
    await expectIds(q("Grid", "is_filled", "true"), ["a"]);
    await expect400(q("Grid", "is_filled", "yes"), "Grid__is_filled must be true or false");
  });

  test("is_in and is_not_in take a comma-separated list; choice options by value or label", async ({ seed, api }) => {
    const { expectIds } = await setup(seed, api);
    await expectIds(q("T-shirt size", "is_in", "s,l"), ["c", "a"]);
    await expectIds(q("T-shirt size", "is_not_in", "s, l"), ["e", "d", "b"]);
    await expectIds(q("T-shirt size", "is_in", "Small,Medium"), ["b", "a"]);
    await expectIds(q("Score", "is_in", "2,100,7"), ["d", "c"]);
  });

  test("in_range is inclusive for numbers and dates; malformed ranges are 400", async ({ seed, api }) => {
    const { expectIds, expect400 } = await setup(seed, api);
    await expectIds(q("Score", "in_range", "2,10"), ["d", "b", "a"]);
    await expectIds(q("Visit date", "in_range", "2024-01-01,2024-02-01"), ["d", "b", "a"]);
    await expect400(q("Score", "in_range", "10"), 'Score__in_range needs "<min>,<max>" (two numbers or two dates), got "10"');
    await expect400(q("Score", "in_range", "10,2"), "Score__in_range: min must not be greater than max");
    await expect400(q("Score", "is_greater_than", "ten"), 'Score__is_greater_than needs a number, got "ten"');
  });

  test("multi-select: is_equal_to matches when the array holds the value; contains looks at each item", async ({ seed, api }) => {
    const { expectIds } = await setup(seed, api);
    await expectIds(q("Colors", "is_equal_to", "red"), ["b", "a"]);
    await expectIds(q("Colors", "is_equal_to", "Blue"), ["b"]);
    await expectIds(q("Colors", "is_not_equal_to", "red"), ["e", "d", "c"]);
    await expectIds(q("Colors", "contains", "re"), ["c", "b", "a"]);
  });

  test("a field is addressed by its element id as by its label; labels are case-sensitive", async ({ seed, api }) => {
    const { expectIds, expect400 } = await setup(seed, api);
    await expectIds(q("q_score", "is_greater_than", "9"), ["c", "b"]);
    await expectIds(q("Score", "is_greater_than", "9"), ["c", "b"]);
    await expect400(q("score", "is_greater_than", "9"), "Unknown filter field(s): score");
  });

  test("a percent-encoded label with spaces and special characters", async ({ seed, api }) => {
    const { expectIds } = await setup(seed, api);
    await expectIds(q(SPECIAL_LABEL, "is_equal_to", "yes"), ["a"]);
    await expectIds(q(SPECIAL_LABEL, "is_empty", "true"), ["e", "d", "c"]);
  });

  test("name and address sub-fields by their own label; the composite itself is an unknown field", async ({ seed, api }) => {
    const { expectIds, expect400 } = await setup(seed, api);
    await expectIds(q("First name", "is_equal_to", "Bob"), ["b"]);
    await expectIds(q("Last name", "is_filled", "true"), ["b", "a"]);
    await expectIds(q("City", "is_equal_to", "Paris"), ["a"]);
    await expectIds(q("City", "contains", "paris"), ["c", "a"]);
    await expect400(q("Full name", "is_equal_to", "Ann Lee"), "Unknown filter field(s): Full name");
    await expect400(q("q_addr", "is_filled", "true"), "Unknown filter field(s): q_addr");
  });

  test("unknown fields are 400 listing them in the order given; never all submissions", async ({ seed, api }) => {
    const { expect400 } = await setup(seed, api);
    await expect400(`Foo__is_equal_to=1&${q("Score", "is_equal_to", "9")}&Bar__contains=2`, "Unknown filter field(s): Foo, Bar");
  });

  test("on a form with no elements every filter field is unknown", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, { elements: [], submissions: [{ data: {} }] });
    const token = await seed.token(org.organizationId);
    const r = await api.get(`/api/v2/submissions?form_id=${form.id}&Score__is_equal_to=1`, token);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: "Unknown filter field(s): Score" });
  });

  test("an unknown filter type on a known field is 400 listing the valid types", async ({ seed, api }) => {
    const { expect400 } = await setup(seed, api);
    await expect400(
      "Score__bigger_than=1",
      "Unknown filter type(s): Score__bigger_than. Valid filter types: is_equal_to, is_not_equal_to, contains, does_not_contain, " +
        "is_greater_than, is_greater_than_or_equal_to, is_less_than, is_less_than_or_equal_to, before, after, on, not_on, " +
        "is_empty, is_filled, is_in, is_not_in, in_range",
    );
  });

  test("a bare field=value is ignored", async ({ seed, api }) => {
    const { expectIds } = await setup(seed, api);
    await expectIds("Score=9&Customer%20name=nobody&q_tag=a&utm_source=mail", ["e", "d", "c", "b", "a"]);
  });

  test("several filters combine with AND, together with sorting and paging", async ({ seed, api }) => {
    const { expectIds, list } = await setup(seed, api);
    const both = `${q("Score", "is_greater_than_or_equal_to", "9")}&${q("Colors", "is_equal_to", "red")}`;
    await expectIds(both, ["b", "a"]);
    await expectIds(`${both}&sort=created_at&order=asc`, ["a", "b"]);
    await expectIds(`${q("Visit date", "after", "2023-12-31")}&${q("Customer name", "is_filled", "true")}&sort=duration&order=asc`, [
      "b",
      "a",
    ]);
    // The same key twice is two filters.
    await expectIds(`${q("Score", "is_not_equal_to", "9")}&${q("Score", "is_not_equal_to", "10")}`, ["e", "d", "c"]);
    const past = await list(`${both}&page=2`);
    expect(past.status).toBe(200);
    expect(past.body.submissions).toEqual([]);
    expect(past.body.meta.totalCount).toBe(2);
  });
});

test.describe("GET /api/v2/submissions filtered totals", () => {
  test("totalCount counts every matching submission across pages", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, {
      elements: [
        { id: "q_tag", label: "Tag", type: "short-text" },
        { id: "q_n", label: "N", type: "number" },
      ],
      submissions: Array.from({ length: 30 }, (_, i) => ({ data: { q_tag: `t${i}`, q_n: i }, createdAt: januaryAt(1, i % 24) })),
    });
    const token = await seed.token(org.organizationId);
    const p1 = await api.get(`/api/v2/submissions?form_id=${form.id}&N__is_greater_than_or_equal_to=5`, token);
    expect(p1.body.meta).toEqual({ formId: form.id, formUuid: form.uuid, totalCount: 25, page: 1, perPage: 20 });
    expect(p1.body.submissions).toHaveLength(20);
    const p2 = await api.get(`/api/v2/submissions?form_id=${form.id}&N__is_greater_than_or_equal_to=5&page=2`, token);
    expect(p2.body.submissions).toHaveLength(5);
    expect(p2.body.meta.totalCount).toBe(25);
  });
});

// ---------------------------------------------------------------------------------------
// One submission

test.describe("GET /api/v2/submissions/:id", () => {
  test("returns { submission } with data keyed by element id", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, filterForm);
    const id = (await idsByTag(seed, form.id)).b!;
    const token = await seed.token(org.organizationId, { scopes: ["submission.view"] });
    const r = await api.get(`/api/v2/submissions/${id}`, token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      submission: {
        id,
        formId: form.uuid,
        data: filterForm.submissions[1]!.data,
        createdAt: "2024-01-02T12:00:00.000Z",
        updatedAt: "2024-01-02T12:00:00.000Z",
      },
    });
    const upper = await api.get(`/api/v2/submissions/${id.toUpperCase()}`, token);
    expect(upper.status).toBe(200);
    expect(upper.body.submission.id).toBe(id);
  });

  test("an unknown id, a non-UUID id, another organization's submission and a trashed form's are 404", async ({ seed, api }) => {
    const org = await seed.org();
    const other = await seed.org();
    const mine = await seed.form(org.organizationId, {
      elements: [{ id: "q_tag", label: "Tag", type: "short-text" }],
      submissions: [{ data: { q_tag: "m" } }],
    });
    const theirs = await seed.form(other.organizationId, {
      elements: [{ id: "q_tag", label: "Tag", type: "short-text" }],
      submissions: [{ data: { q_tag: "x" } }],
    });
    const theirId = (await idsByTag(seed, theirs.id)).x!;
    const myId = (await idsByTag(seed, mine.id)).m!;
    const token = await seed.token(org.organizationId);
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1", "%27%20or%201%3D1", theirId]) {
      const r = await api.get(`/api/v2/submissions/${id}`, token);
      expect(r.status, id).toBe(404);
      expect(r.body).toEqual({ message: "Submission not found" });
    }
    await seed.db.update(forms).set({ trashedAt: new Date() }).where(eq(forms.id, mine.id));
    const trashed = await api.get(`/api/v2/submissions/${myId}`, token);
    expect(trashed.status).toBe(404);
    expect(trashed.body).toEqual({ message: "Submission not found" });
  });

  test("a form-restricted token cannot read submissions of other forms", async ({ seed, api }) => {
    const org = await seed.org();
    const def = { elements: [{ id: "q_tag", label: "Tag", type: "short-text" }] };
    const allowed = await seed.form(org.organizationId, { ...def, submissions: [{ data: { q_tag: "ok" } }] });
    const hidden = await seed.form(org.organizationId, { ...def, submissions: [{ data: { q_tag: "no" } }] });
    const token = await seed.token(org.organizationId, { formIds: [allowed.id] });
    const ok = await api.get(`/api/v2/submissions/${(await idsByTag(seed, allowed.id)).ok}`, token);
    expect(ok.status).toBe(200);
    const r = await api.get(`/api/v2/submissions/${(await idsByTag(seed, hidden.id)).no}`, token);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message: "Submission not found" });
  });
});

// ---------------------------------------------------------------------------------------
// Delete

test.describe("DELETE /api/v2/submissions/:id", () => {
  test("deletes, decrements submissionsCount, and a second delete is 404", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, {
      elements: [{ id: "q_tag", label: "Tag", type: "short-text" }],
      submissions: [{ data: { q_tag: "a" } }, { data: { q_tag: "b" } }, { data: { q_tag: "c" } }],
    });
    const ids = await idsByTag(seed, form.id);
    const c = client(api, seed, org.organizationId);

    expect((await c.get(`/api/v2/forms/${form.id}`)).body.submissionsCount).toBe(3);
    const del = await c.call("DELETE", `/api/v2/submissions/${ids.b}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: "Submission deleted successfully" });

    expect((await c.get(`/api/v2/forms/${form.id}`)).body.submissionsCount).toBe(2);
    const list = await c.get(`/api/v2/submissions?form_id=${form.id}`);
    expect(list.body.meta.totalCount).toBe(2);
    expect(list.body.submissions.map((s: any) => s.id).sort()).toEqual([ids.a, ids.c].sort());
    const gone = await c.get(`/api/v2/submissions/${ids.b}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: "Submission not found" });

    const again = await c.call("DELETE", `/api/v2/submissions/${ids.b}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: "Submission not found" });
    expect((await c.get(`/api/v2/forms/${form.id}`)).body.submissionsCount).toBe(2);
  });

  test("concurrent deletes keep submissionsCount exact: each submission is deleted once", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, {
      elements: [{ id: "q_tag", label: "Tag", type: "short-text" }],
      submissions: Array.from({ length: 8 }, (_, i) => ({ data: { q_tag: `t${i}` } })),
    });
    const ids = Object.values(await idsByTag(seed, form.id));
    const token = await seed.token(org.organizationId);
    // 4 submissions, each deleted twice at the same time.
    const targets = ids.slice(0, 4);
    const results = await Promise.all([...targets, ...targets].map((id) => api.call("DELETE", `/api/v2/submissions/${id}`, { token })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 404, 404, 404, 404]);
    const [row] = await seed.db.select({ n: forms.submissionsCount }).from(forms).where(eq(forms.id, form.id));
    expect(row!.n).toBe(4);
    const left = await seed.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.formId, form.id));
    expect(left.map((r) => r.id).sort()).toEqual(ids.slice(4).sort());
  });

  test("without submission.delete it is 403 naming the scope, and nothing is deleted", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, {
      elements: [{ id: "q_tag", label: "Tag", type: "short-text" }],
      submissions: [{ data: { q_tag: "a" } }],
    });
    const id = (await idsByTag(seed, form.id)).a!;
    const token = await seed.token(org.organizationId, { scopes: ["submission.view", "form.view"] });
    const r = await api.call("DELETE", `/api/v2/submissions/${id}`, { token });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: "You do not have permission to perform this action. Required scope: submission.delete" });
    expect((await api.get(`/api/v2/submissions/${id}`, token)).status).toBe(200);
    expect((await api.get(`/api/v2/forms/${form.id}`, token)).body.submissionsCount).toBe(1);
  });

  test("another organization's submission, a restricted form's and a non-UUID id are 404 and stay", async ({ seed, api }) => {
    const org = await seed.org();
    const other = await seed.org();
    const def = { elements: [{ id: "q_tag", label: "Tag", type: "short-text" }] };
    const theirs = await seed.form(other.organizationId, { ...def, submissions: [{ data: { q_tag: "x" } }] });
    const allowed = await seed.form(org.organizationId, def);
    const hidden = await seed.form(org.organizationId, { ...def, submissions: [{ data: { q_tag: "h" } }] });
    const theirId = (await idsByTag(seed, theirs.id)).x!;
    const hiddenId = (await idsByTag(seed, hidden.id)).h!;
    const token = await seed.token(org.organizationId, { formIds: [allowed.id] });
    for (const id of [theirId, hiddenId, "nope"]) {
      const r = await api.call("DELETE", `/api/v2/submissions/${id}`, { token });
      expect(r.status, id).toBe(404);
      expect(r.body).toEqual({ message: "Submission not found" });
    }
    const stay = await seed.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.formId, theirs.id));
    expect(stay).toHaveLength(1);
    const [h] = await seed.db.select({ n: forms.submissionsCount }).from(forms).where(eq(forms.id, hidden.id));
    expect(h!.n).toBe(1);
  });
});
