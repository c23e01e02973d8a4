import { and, eq } from "drizzle-orm";
import { memberships } from "../../db/schema";
import { expect, test } from "./../fixtures";
import { CONTACT_ELEMENTS } from "./form-fixtures";
import { attemptSignIn } from "./sign-in-client";
import { trpc } from "./trpc-client";
import { seedTeam } from "./team";

/**
 * The CSV export is a route handler, not a procedure, so it checks the member itself: a viewer
 * limited to one form exports that form only, and a removed member exports nothing.
 */
test("the CSV export follows the member's forms and membership", async ({ seed, request, baseURL, clientAddress }) => {
  const team = await seedTeam(seed);
  const mine = await seed.form(team.organizationId, {
    name: "Mine",
    elements: CONTACT_ELEMENTS,
    submissions: [{ data: { email: "a@b.c" } }],
  });
  const other = await seed.form(team.organizationId, { name: "Other", elements: CONTACT_ELEMENTS, submissions: [{ data: {} }] });
  const viewer = team.members.viewer;
  await seed.db
    .update(memberships)
    .set({ formIds: [mine.id] })
    .where(and(eq(memberships.userId, viewer.userId), eq(memberships.organizationId, team.organizationId)));

  const { sessionCookie } = await attemptSignIn(baseURL!, viewer.email, viewer.password, { "x-forwarded-for": clientAddress });
  const headers = { cookie: sessionCookie! };
  const switched = await trpc(request, "mutation", "account.switchOrganization", { organizationId: team.organizationId }, headers);
  expect(switched.status).toBe(200);
  const exportOf = (uuid: string) => request.get(`/submissions/export?form=${uuid}&view=all`, { headers });

  const allowed = await exportOf(mine.uuid);
  expect(allowed.status()).toBe(200);
  expect(await allowed.text()).toContain("a@b.c");
  const refused = await exportOf(other.uuid);
  expect(refused.status()).toBe(404);
  expect(await refused.text()).toBe("Form not found or not authorized");

  await seed.db.delete(memberships).where(and(eq(memberships.userId, viewer.userId), eq(memberships.organizationId, team.organizationId)));
  const removed = await exportOf(mine.uuid);
  expect(removed.status()).toBe(401);
  expect(await removed.text()).not.toContain("a@b.c");
});
