import { expect, test } from "../../fixtures";

test.describe("GET /api/v2/forms", () => {
  test("lists the organization's forms, 20 per page, with meta", async ({ seed, api }) => {
    const org = await seed.org();
    for (let i = 0; i < 21; i++) await seed.form(org.organizationId, { name: `Form ${i}` });
    const token = await seed.token(org.organizationId, { scopes: ["form.view"] });

    const page1 = await api.get("/api/v2/forms", token);
    expect(page1.status).toBe(200);
    expect(page1.body.forms).toHaveLength(20);
    expect(page1.body.meta).toEqual({ totalCount: 21, page: 1, perPage: 20 });
    expect(Object.keys(page1.body.forms[0]).sort()).toEqual(["createdAt", "id", "name", "submissionsCount", "updatedAt", "uuid"]);

    const page2 = await api.get("/api/v2/forms?page=2", token);
    expect(page2.body.forms).toHaveLength(1);
    const page3 = await api.get("/api/v2/forms?page=3", token);
    expect(page3.status).toBe(200);
    expect(page3.body).toEqual({ forms: [], meta: { totalCount: 21, page: 3, perPage: 20 } });
  });
});

test.describe("GET /api/v2/forms/:id", () => {
  const elements = [
    {
      id: "q_name",
      label: "Full name",
      type: "name",
      children: [
        { fixedname: "first_name", label: "First", required: true },
        { fixedname: "last_name", label: "Last", required: false },
      ],
    },
    {
      id: "q_color",
      label: "Colour",
      type: "radio",
      required: true,
      options: [
        { id: "o1", label: "Red", value: "red" },
        { id: "o2", label: "Blue", value: "blue" },
      ],
    },
  ];

  test("returns the detail with its element tree by numeric id and by UUID, without uuid", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, { name: "Survey", elements, submissions: [{ data: {} }, { data: {} }] });
    const token = await seed.token(org.organizationId, { scopes: ["form.view"] });
    for (const ref of [String(form.id), form.uuid, form.uuid.toUpperCase()]) {
      const r = await api.get(`/api/v2/forms/${ref}`, token);
      expect(r.status, ref).toBe(200);
      expect(r.body).toEqual({
        id: form.id,
        name: "Survey",
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        submissionsCount: 2,
        elements,
      });
      expect(r.body.uuid).toBeUndefined();
    }
  });

  test("percent-encoded path parameters are decoded", async ({ seed, api }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId);
    const token = await seed.token(org.organizationId);
    const encoded = form.uuid.replace(/-/g, "%2D");
    const r = await api.get(`/api/v2/forms/${encoded}`, token);
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(form.id);
  });

  test("an unknown or malformed id is 404", async ({ seed, api }) => {
    const org = await seed.org();
    const token = await seed.token(org.organizationId);
    for (const ref of ["999999999", "not-a-form", "00000000-0000-0000-0000-000000000000", "99999999999999999999"]) {
      const r = await api.get(`/api/v2/forms/${ref}`, token);
      expect(r.status, ref).toBe(404);
      expect(r.body).toEqual({ message: "Form not found or not authorized" });
    }
  });
});

test.describe("REST edge over HTTP", () => {
  test("a bad page number is a 400 with a clear message", async ({ seed, api }) => {
    const org = await seed.org();
    const token = await seed.token(org.organizationId);
    for (const page of ["0", "-1", "abc", "1.5"]) {
      const r = await api.get(`/api/v2/forms?page=${page}`, token);
      expect(r.status, page).toBe(400);
      expect(r.body).toEqual({ message: "page must be a positive integer" });
    }
  });

  test("unknown routes are 404 {message}", async ({ api }) => {
    const r = await api.get("/api/v2/nothing-here");
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message: "Not found" });
  });

  test("a non-JSON body is 415 and a broken one 400", async ({ seed, api }) => {
    const org = await seed.org();
    const token = await seed.token(org.organizationId);
    const r = await api.call("DELETE", "/api/v2/submissions/x", { token, rawBody: "ids=1", headers: { "content-type": "text/plain" } });
    expect(r.status).toBe(415);
    expect(r.body).toEqual({ message: "Request body must be JSON (Content-Type: application/json)" });
    const broken = await api.call("DELETE", "/api/v2/submissions/x", {
      token,
      rawBody: "{",
      headers: { "content-type": "application/json" },
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ message: "Request body is not valid JSON" });
  });

  test("the OpenAPI document lists real statuses, error schema and the token scheme", async ({ api }) => {
    const r = await api.get("/api/v2/openapi.json");
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe("3.1.0");
    expect(r.body.components.securitySchemes.ServiceToken).toEqual(
      expect.objectContaining({ type: "apiKey", in: "header", name: "X-SERVICE-TOKEN" }),
    );
    const op = r.body.paths["/forms/{id}"].get;
    expect(Object.keys(op.responses)).toEqual(["200", "400", "401", "403", "404", "429", "500"]);
    expect(op.responses["404"].content["application/json"].example).toEqual({ message: "Form not found or not authorized" });
    expect(op.responses["403"].content["application/json"].example).toEqual({
      message: "You do not have permission to perform this action. Required scope: form.view",
    });
    expect(r.body.components.schemas.Error).toEqual({ type: "object", required: ["message"], properties: { message: { type: "string" } } });
  });

  test("the API reference page renders", async ({ request }) => {
    const res = await request.get("/docs");
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain("Formhouse API v2");
    expect(html).toContain("Get a form with its elements");
  });
});
