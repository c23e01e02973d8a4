import { expect, test } from "../fixtures";

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
