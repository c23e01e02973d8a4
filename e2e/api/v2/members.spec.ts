import { and, eq } from "drizzle-orm";
import { memberships } from "../../../db/schema";
import { expect, test } from "../../fixtures";
import { seedTeam } from "../team";

/** `GET /api/v2/members`: the token's organization's members, paged like every v2 list, behind the `member.view` scope. */

test("lists the organization's members in the order they joined, 20 a page, with their roles and form restrictions", async ({
  seed,
  api,
}) => {
  const team = await seedTeam(seed);
  const form = await seed.form(team.organizationId, { name: "Chosen" });
  // Only the viewer is limited.
  await seed.db
    .update(memberships)
    .set({ formIds: [form.id] })
    .where(and(eq(memberships.userId, team.members.viewer.userId), eq(memberships.organizationId, team.organizationId)));
  for (let i = 0; i < 17; i++) {
    const extra = await seed.org();
    await seed.db.insert(memberships).values({ userId: extra.userId, organizationId: team.organizationId, role: "viewer" });
  }
  const token = await seed.token(team.organizationId, { scopes: ["member.view"] });

  const page1 = await api.get("/api/v2/members", token);
  expect(page1.status).toBe(200);
  expect(page1.body.meta).toEqual({ page: 1, perPage: 20, total: 21 });
  expect(page1.body.members).toHaveLength(20);
  expect(page1.body.members.slice(0, 4)).toEqual([
    { id: team.owner.userId, name: "Test User", email: team.owner.email, role: "owner", form_uuids: null, created_at: expect.any(String) },
    {
      id: team.members.admin.userId,
      name: "The admin",
      email: team.members.admin.email,
      role: "admin",
      form_uuids: null,
      created_at: expect.any(String),
    },
    {
      id: team.members.editor.userId,
      name: "The editor",
      email: team.members.editor.email,
      role: "editor",
      form_uuids: null,
      created_at: expect.any(String),
    },
    {
      id: team.members.viewer.userId,
      name: "The viewer",
      email: team.members.viewer.email,
      role: "viewer",
      form_uuids: [form.uuid],
      created_at: expect.any(String),
    },
  ]);
  expect(JSON.stringify(page1.body)).not.toMatch(/password|hash/i);
  const page2 = await api.get("/api/v2/members?page=2", token);
  expect(page2.body.members).toHaveLength(1);
  const page9 = await api.get("/api/v2/members?page=9", token);
  expect(page9.body).toEqual({ members: [], meta: { page: 9, perPage: 20, total: 21 } });
  expect((await api.get("/api/v2/members?page=0", token)).status).toBe(400);

  // Another organization's token sees only its own members.
  const other = await seed.org();
  const theirs = await api.get("/api/v2/members", await seed.token(other.organizationId, { scopes: ["member.view"] }));
  expect(theirs.body.members.map((m: { email: string }) => m.email)).toEqual([other.email]);
});

test("needs the member.view scope: a token without it is a 403 naming the scope", async ({ seed, api }) => {
  const org = await seed.org();
  const token = await seed.token(org.organizationId, { scopes: ["form.view", "submission.view"] });
  const r = await api.get("/api/v2/members", token);
  expect(r.status).toBe(403);
  expect(r.body).toEqual({ message: "You do not have permission to perform this action. Required scope: member.view" });
  expect((await api.get("/api/v2/members", null)).status).toBe(400);
});

test("the OpenAPI document and the reference list the new scope and the operation", async ({ api }) => {
  const doc = (await api.get("/api/v2/openapi.json")).body;
  expect(doc.paths["/members"].get.responses["403"].description).toContain("member.view");
  expect(doc.info.description).toContain("| `member.view` | See the organization's members");
  const docs = await api.get("/docs");
  expect(docs.status).toBe(200);
  expect(docs.text).toContain("member.view");
});
