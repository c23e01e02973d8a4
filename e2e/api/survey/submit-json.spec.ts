import { eq, sql } from "drizzle-orm";
import { forms } from "../../../db/schema";
import { expect, test } from "../../fixtures";
import {
  apiSubmissionsCount,
  CONTACT_ANSWERS,
  CONTACT_STORED,
  createLinks,
  linkStatus,
  linkSubmitPath,
  postJson,
  publishedForm,
  readSubmission,
  setForm,
  setLink,
  storedRows,
  submitPath,
} from "./survey-fixtures";

/** `POST /f/<form_uuid>/submit` and `POST /u/<link_id>/submit` with JSON bodies (issue 10). */

const MINIMAL = { full_name: { first_name: "Ada", last_name: "Lovelace" }, email: "ada@example.com", message: "Hello" };

test.describe("POST /f/:form_uuid/submit (JSON)", () => {
  test("stores answers of every element type; GET /api/v2/submissions/:id returns them in the stored shape", async ({ seed, api }) => {
    const { org, form } = await publishedForm(seed);
    const res = await postJson(api, submitPath(form.uuid), { data: CONTACT_ANSWERS, duration: 42 });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(res.headers["access-control-allow-origin"]).toBe("*");

    const submission = await readSubmission(api, seed, org.organizationId, res.body.id);
    expect(submission).toEqual({
      id: res.body.id,
      formId: form.uuid,
      data: CONTACT_STORED,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await storedRows(seed, form.id)).toEqual([
      { id: res.body.id, data: CONTACT_STORED, spam: false, duration: 42, uniqueLinkId: null },
    ]);
    expect(await apiSubmissionsCount(api, seed, org.organizationId, form.id)).toBe(1);
  });

  test("stores canonical values: trimmed text, numbers as numbers, empty answers and empty rows left out", async ({ seed, api }) => {
    const { org, form } = await publishedForm(seed);
    const res = await postJson(api, submitPath(form.uuid), {
      data: {
        ...MINIMAL,
        full_name: { first_name: "  Ada ", last_name: "Lovelace" },
        subject: "   ",
        employees: 7,
        phone: "",
        products: [],
        satisfaction: { row_docs: { col_bad: "1" }, row_support: {} },
        colleagues: [{ colleague_name: "" }, { colleague_name: "Grace", colleague_email: " grace@example.com " }],
        postal_address: { street: "", city: "" },
        source: null,
      },
    });
    expect(res.status, res.text).toBe(201);
    const { data } = await readSubmission(api, seed, org.organizationId, res.body.id);
    expect(data).toEqual({
      full_name: { first_name: "Ada", last_name: "Lovelace" },
      email: "ada@example.com",
      message: "Hello",
      employees: 7,
      satisfaction: { row_docs: { col_bad: "1" } },
      colleagues: [{ colleague_name: "Grace", colleague_email: "grace@example.com" }],
    });
    expect((await storedRows(seed, form.id))[0]).toMatchObject({ duration: null, spam: false });
  });

  test("422 lists every problem of the answers with its element id, and stores nothing", async ({ seed, api }) => {
    const { org, form } = await publishedForm(seed);
    const res = await postJson(api, submitPath(form.uuid), {
      data: {
        full_name: { first_name: "Ada" },
        email: "ada.example.com",
        phone: "+999 123",
        message: "Hi",
        employees: "twelve",
        callback_on: "2030-02-30",
        topic: "Sales",
        country: ["FR"],
        products: ["forms", "forms"],
        mood: "ecstatic",
        priorities: "price",
        satisfaction: { row_other: { col_ok: true } },
        colleagues: [{ colleague_email: "charles@" }],
        postal_address: { street: "x", planet: "Mars" },
        ghost: "boo",
      },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: "Submission is invalid",
      errors: [
        { field: "full_name", message: "Last name: This field is required" },
        { field: "email", message: "Enter an email address like name@example.com" },
        { field: "phone", message: "+999 is not a country code we know; choose the country instead" },
        { field: "employees", message: "Enter a number, like 12 or 3.5" },
        { field: "callback_on", message: "Enter a real date as YYYY-MM-DD, between the years 0001 and 9999" },
        { field: "topic", message: "topic must be one of the option values of 'topic' ('sales', 'support', 'other')" },
        { field: "country", message: "country must be a string" },
        { field: "products", message: "products must not list an option twice" },
        { field: "mood", message: "mood must be one of the option values of 'mood' ('happy', 'meh')" },
        { field: "priorities", message: "priorities must be an array of option values" },
        { field: "satisfaction", message: "satisfaction has unknown row id 'row_other' (known: 'row_docs', 'row_support')" },
        { field: "colleagues", message: "Row 1, Name: This field is required" },
        { field: "colleagues", message: "Row 1, Email: Enter an email address like name@example.com" },
        { field: "postal_address", message: "postal_address has unknown sub-field 'planet' (known: 'street', 'city', 'zip', 'country')" },
        { field: "ghost", message: "'ghost' is not an element of this form" },
      ],
    });
    expect(await storedRows(seed, form.id)).toEqual([]);
    expect(await apiSubmissionsCount(api, seed, org.organizationId, form.id)).toBe(0);
  });

  test("422 for required answers that are missing, and for two answers in one matrix row", async ({ seed, api }) => {
    const { form } = await publishedForm(seed);
    const empty = await postJson(api, submitPath(form.uuid), { data: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual([
      { field: "full_name", message: "First name: This field is required" },
      { field: "full_name", message: "Last name: This field is required" },
      { field: "email", message: "This field is required" },
      { field: "message", message: "This field is required" },
    ]);
    const matrix = await postJson(api, submitPath(form.uuid), {
      data: { ...MINIMAL, satisfaction: { row_docs: { col_bad: true, col_ok: true }, row_support: { col_great: "9" } } },
    });
    expect(matrix.status).toBe(422);
    expect(matrix.body.errors).toEqual([
      { field: "satisfaction", message: "Documentation: Choose one answer in this row" },
      { field: "satisfaction", message: "Support: 'col_great' takes true or its column value" },
    ]);
  });

  test("input no database could store is a 422, never a 500: NUL, lone surrogates, huge numbers, year 10000, deep nesting", async ({
    seed,
    api,
  }) => {
    const { form } = await publishedForm(seed);
    const deep = "[".repeat(5000) + "]".repeat(5000);
    const raw =
      `{"data": {"full_name": {"first_name": "A\\u0000", "last_name": "\\ud800"}, "email": "a@b.co", "message": "ok",` +
      ` "employees": 1e400, "callback_on": "10000-01-01", "subject": ${deep}, "\\u0000": 1}}`;
    const res = await api.call("POST", submitPath(form.uuid), { rawBody: raw, headers: { "content-type": "application/json" } });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors).toEqual([
      { field: "full_name", message: "First name: Remove the invisible control characters from this answer" },
      { field: "full_name", message: "Last name: Remove the invisible control characters from this answer" },
      { field: "subject", message: "subject must be a string or a number" },
      { field: "employees", message: "employees must be a string or a number" },
      { field: "callback_on", message: "Enter a real date as YYYY-MM-DD, between the years 0001 and 9999" },
      { field: "\u0000", message: "'\uFFFD' is not an element of this form" },
    ]);
    const huge = await postJson(api, submitPath(form.uuid), { data: { ...MINIMAL, employees: "123456789012345678901234567890" } });
    expect(huge.body.errors).toEqual([
      { field: "employees", message: "Enter a number between -1,000,000,000,000,000 and 1,000,000,000,000,000" },
    ]);
    expect(await storedRows(seed, form.id)).toEqual([]);
  });

  test("400 for a body that is not {data, duration?}", async ({ seed, api }) => {
    const { form } = await publishedForm(seed);
    const envelope = `Request body must be a JSON object: {"data": {"<element id>": <value>, …}, "duration": <seconds, optional>}`;
    const cases: [unknown, string][] = [
      [[1, 2], envelope],
      [{}, "data is required and must be an object keyed by element id"],
      [{ data: [] }, "data is required and must be an object keyed by element id"],
      [{ data: {}, duration: -1 }, "duration must be a whole number of seconds (0 or more)"],
      [{ data: {}, duration: "5" }, "duration must be a whole number of seconds (0 or more)"],
      [{ data: {}, extra: 1 }, "Unknown property 'extra' (allowed: data, duration, _website)"],
    ];
    for (const [body, message] of cases) {
      const res = await postJson(api, submitPath(form.uuid), body);
      expect({ status: res.status, body: res.body }, JSON.stringify(body)).toEqual({ status: 400, body: { message } });
    }
    const broken = await api.call("POST", submitPath(form.uuid), { rawBody: '{"data": ', headers: { "content-type": "application/json" } });
    expect([broken.status, broken.body]).toEqual([400, { message: "Request body is not valid JSON" }]);
  });

  test("404 Form not found for an unknown, malformed, unpublished or trashed form, alike", async ({ seed, api }) => {
    const { form } = await publishedForm(seed);
    const { form: draft } = await publishedForm(seed);
    await setForm(seed, draft.id, { published: false });
    const { form: trashed } = await publishedForm(seed);
    await setForm(seed, trashed.id, { trashed: true });
    for (const uuid of ["6f1c2f0e-8a43-4d7e-9a55-0c3b1c1e2a11", "not-a-uuid", draft.uuid, trashed.uuid, String(form.id)]) {
      const res = await postJson(api, submitPath(uuid), { data: MINIMAL });
      expect([res.status, res.body], uuid).toEqual([404, { message: "Form not found" }]);
    }
    expect(await storedRows(seed, draft.id)).toEqual([]);
  });

  test("a form changed after a submit (published anew, unpublished or trashed on any instance) is seen by the very next submit", async ({
    seed,
    api,
  }) => {
    const { form } = await publishedForm(seed, { elements: [{ id: "a", label: "A", type: "short-text", required: true }] });
    expect((await postJson(api, submitPath(form.uuid), { data: { a: "first" } })).status).toBe(201);
    // What a publish on another instance writes: new elements and a new updated_at.
    await seed.db
      .update(forms)
      .set({ elements: [{ id: "b", label: "B", type: "number", required: true }], updatedAt: sql`now()` })
      .where(eq(forms.id, form.id));
    const stale = await postJson(api, submitPath(form.uuid), { data: { a: "second" } });
    expect(stale.status, stale.text).toBe(422);
    expect(stale.body.errors).toContainEqual({ field: "b", message: expect.any(String) });
    const fresh = await postJson(api, submitPath(form.uuid), { data: { b: 7 } });
    expect(fresh.status, fresh.text).toBe(201);
    expect((await storedRows(seed, form.id)).map((r) => r.data)).toEqual([{ b: 7 }, { a: "first" }]);

    await setForm(seed, form.id, { published: false });
    expect(await postJson(api, submitPath(form.uuid), { data: { b: 8 } })).toMatchObject({
      status: 404,
      body: { message: "Form not found" },
    });
    await setForm(seed, form.id, { published: true, trashed: true });
    expect(await postJson(api, submitPath(form.uuid), { data: { b: 9 } })).toMatchObject({
      status: 404,
      body: { message: "Form not found" },
    });
    expect(await storedRows(seed, form.id)).toHaveLength(2);
  });

  test("413 for a body over 1 MB and 415 for other content types, as JSON {message}", async ({ seed, api }) => {
    const { form } = await publishedForm(seed);
    const big = await postJson(api, submitPath(form.uuid), { data: { ...MINIMAL, message: "x".repeat(1024 * 1024) } });
    expect([big.status, big.body]).toEqual([413, { message: "Request body too large (max 1 MB)" }]);
    for (const type of ["text/plain", "application/xml"]) {
      const res = await api.call("POST", submitPath(form.uuid), { rawBody: "data", headers: { "content-type": type } });
      expect([res.status, res.body]).toEqual([
        415,
        { message: "Send application/json, application/x-www-form-urlencoded or multipart/form-data" },
      ]);
    }
    expect(await storedRows(seed, form.id)).toEqual([]);
  });

  test("CORS: the preflight allows any origin to POST JSON; answers carry Access-Control-Allow-Origin", async ({ seed, api }) => {
    const { form } = await publishedForm(seed);
    const preflight = await api.call("OPTIONS" as "POST", submitPath(form.uuid), {
      headers: {
        origin: "https://owner.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers).toMatchObject({
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "POST, OPTIONS",
      "access-control-allow-headers": "Content-Type",
      "access-control-max-age": "86400",
    });
    const res = await postJson(api, submitPath(form.uuid), { data: {} }, { origin: "https://owner.example" });
    expect(res.status).toBe(422);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
  });

  test("spam: a filled honeypot or a duration under 2 s is stored with spam: true and answered like a success", async ({ seed, api }) => {
    const { form } = await publishedForm(seed);
    const honeypot = await postJson(api, submitPath(form.uuid), { data: MINIMAL, _website: "https://spam.example", duration: 30 });
    const fast = await postJson(api, submitPath(form.uuid), { data: MINIMAL, duration: 1 });
    const human = await postJson(api, submitPath(form.uuid), { data: MINIMAL, duration: 2, _website: "" });
    for (const res of [honeypot, fast, human]) expect([res.status, Object.keys(res.body)]).toEqual([201, ["id"]]);
    const rows = await storedRows(seed, form.id);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(honeypot.body.id)).toMatchObject({ spam: true, duration: 30 });
    expect(byId.get(fast.body.id)).toMatchObject({ spam: true, duration: 1 });
    expect(byId.get(human.body.id)).toMatchObject({ spam: false, duration: 2 });
  });

  test(`429 with Retry-After past 20 submits a minute from one address to one form; \
another address and another form are counted apart`, async ({ seed, api }) => {
    const { form } = await publishedForm(seed);
    const { form: other } = await publishedForm(seed);
    for (let i = 1; i <= 20; i++) {
      // Invalid answers count too: every attempt does.
      const res = await postJson(api, submitPath(form.uuid), { data: i % 2 ? MINIMAL : {} });
      expect(res.status, `attempt ${i}`).toBe(i % 2 ? 201 : 422);
    }
    const limited = await postJson(api, submitPath(form.uuid), { data: MINIMAL });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      message: expect.stringMatching(/^Too many submissions from your network\. Try again in \d+ seconds?\.$/),
    });
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers["access-control-allow-origin"]).toBe("*");
    expect((await storedRows(seed, form.id)).length).toBe(10);
    // Counted per address (the test server trusts one proxy, as behind a reverse proxy) and per form.
    expect((await postJson(api, submitPath(form.uuid), { data: MINIMAL }, { "x-forwarded-for": "198.51.100.7" })).status).toBe(201);
    expect((await postJson(api, submitPath(other.uuid), { data: MINIMAL })).status).toBe(201);
  });
});

test.describe("POST /u/:link_id/submit (JSON)", () => {
  test("stores the submission with its link and completes the link; a second submit is 410", async ({ seed, api }) => {
    const { org, form } = await publishedForm(seed);
    const [link] = await createLinks(seed, org.organizationId, form.uuid, [{ entryName: "ada" }]);
    const res = await postJson(api, linkSubmitPath(link!.id), { data: MINIMAL, duration: 60 });
    expect(res.status, res.text).toBe(201);
    expect(await storedRows(seed, form.id)).toEqual([
      { id: res.body.id, data: MINIMAL, spam: false, duration: 60, uniqueLinkId: link!.id },
    ]);
    expect(await linkStatus(seed, link!.id)).toBe("completed");
    const again = await postJson(api, linkSubmitPath(link!.id), { data: MINIMAL });
    expect([again.status, again.body]).toEqual([410, { message: "This form has already been submitted" }]);
    expect(await apiSubmissionsCount(api, seed, org.organizationId, form.id)).toBe(1);
  });

  test("410 with the page's sentence for an inactive, expired or completed link; 404 for an unknown one or a closed form", async ({
    seed,
    api,
  }) => {
    const { org, form } = await publishedForm(seed);
    const [inactive, expired, completed, ofDraft] = await createLinks(seed, org.organizationId, form.uuid, [{}, {}, {}, {}]);
    await setLink(seed, inactive!.id, { active: false });
    await setLink(seed, expired!.id, { expiresAt: new Date(Date.now() - 1000) });
    await setLink(seed, completed!.id, { status: "completed", active: false });
    const cases: [string, number, string][] = [
      [inactive!.id, 410, "This link is no longer active"],
      [expired!.id, 410, "This link has expired"],
      [completed!.id, 410, "This form has already been submitted"],
      ["6f1c2f0e-8a43-4d7e-9a55-0c3b1c1e2a11", 404, "Form not found"],
      ["nope", 404, "Form not found"],
    ];
    for (const [id, status, message] of cases) {
      const res = await postJson(api, linkSubmitPath(id), { data: MINIMAL });
      expect([res.status, res.body], id).toEqual([status, { message }]);
    }
    await setForm(seed, form.id, { published: false });
    const closedForm = await postJson(api, linkSubmitPath(ofDraft!.id), { data: MINIMAL });
    expect([closedForm.status, closedForm.body]).toEqual([404, { message: "Form not found" }]);
    expect(await storedRows(seed, form.id)).toEqual([]);
  });

  test("8 submits of one link at once: exactly one is stored, the others are told it was already submitted", async ({ seed, api }) => {
    const { org, form } = await publishedForm(seed);
    const [link] = await createLinks(seed, org.organizationId, form.uuid, [{ entryName: "race" }]);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => postJson(api, linkSubmitPath(link!.id), { data: { ...MINIMAL, subject: `try ${i}` } })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 410, 410, 410, 410, 410, 410, 410]);
    for (const r of results.filter((r) => r.status === 410)) expect(r.body).toEqual({ message: "This form has already been submitted" });
    const rows = await storedRows(seed, form.id);
    expect(rows.map((r) => r.id)).toEqual([results.find((r) => r.status === 201)!.body.id]);
    expect(rows[0]!.uniqueLinkId).toBe(link!.id);
    expect(await linkStatus(seed, link!.id)).toBe("completed");
    expect(await apiSubmissionsCount(api, seed, org.organizationId, form.id)).toBe(1);
  });
});
