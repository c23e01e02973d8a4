import { and, eq } from "drizzle-orm";
import { apiTokens, formNotifications, memberships, userSessions } from "../../../db/schema";
import { expect, test } from "../../fixtures";
import { organizationFingerprint, seedTeam, teamSession } from "../team";

/**
 * Member changes over HTTP: there is always an owner (also when two owners demote each other at
 * once), admins neither make nor change owners, and a change takes effect on the member's next
 * request — a removed member's session ends; the tokens they made stay with the organization.
 */

const roleOf = async (seed: { db: any }, organizationId: number, userId: number) =>
  (
    await seed.db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
  )[0]?.role;

test("the last owner cannot be lowered, removed or leave; admins cannot make, change or remove owners", async ({
  seed,
  request,
  baseURL,
  clientAddress,
}) => {
  const team = await seedTeam(seed);
  const owner = await teamSession(request, baseURL!, team.owner, clientAddress, team.organizationId);
  const admin = await teamSession(request, baseURL!, team.members.admin, clientAddress, team.organizationId);
  const before = await organizationFingerprint(seed, team.organizationId);
  for (const [r, status, message] of [
    [
      await owner.mutation("members.changeRole", { userId: team.owner.userId, role: "admin" }),
      409,
      "The last owner cannot get another role",
    ],
    [await owner.mutation("members.leave"), 409, "The last owner cannot leave"],
    [await admin.mutation("members.remove", { userId: team.owner.userId }), 403, "Only an owner can change or remove an owner"],
    [
      await admin.mutation("members.changeRole", { userId: team.owner.userId, role: "viewer" }),
      403,
      "Only an owner can change or remove an owner",
    ],
    [
      await admin.mutation("members.changeRole", { userId: team.members.viewer.userId, role: "owner" }),
      403,
      "Only an owner can make an owner",
    ],
    [await owner.mutation("members.remove", { userId: 2_000_000_000 }), 404, "Member not found"],
  ] as const) {
    expect(r.status).toBe(status);
    expect(r.body.error.message.startsWith(message)).toBe(true);
  }
  expect((await owner.mutation("members.changeRole", { userId: team.owner.userId, role: "admin" })).body.error.message).toBe(
    "The last owner cannot get another role: make another member owner first",
  );
  expect(await organizationFingerprint(seed, team.organizationId)).toBe(before);

  // An admin manages editors and viewers.
  expect((await admin.mutation("members.changeRole", { userId: team.members.viewer.userId, role: "editor" })).status).toBe(200);
  expect(await roleOf(seed, team.organizationId, team.members.viewer.userId)).toBe("editor");
});

test("two owners lowering each other at the same moment: one wins, the other is refused, an owner remains (5 rounds)", async ({
  seed,
  request,
  baseURL,
  clientAddress,
}) => {
  test.setTimeout(120_000);
  for (let round = 0; round < 5; round++) {
    const team = await seedTeam(seed);
    await seed.db
      .update(memberships)
      .set({ role: "owner" })
      .where(and(eq(memberships.organizationId, team.organizationId), eq(memberships.userId, team.members.admin.userId)));
    const a = await teamSession(request, baseURL!, team.owner, clientAddress, team.organizationId);
    const b = await teamSession(request, baseURL!, team.members.admin, clientAddress, team.organizationId);
    const [ra, rb] = await Promise.all([
      a.mutation("members.changeRole", { userId: team.members.admin.userId, role: "viewer" }),
      b.mutation("members.changeRole", { userId: team.owner.userId, role: "viewer" }),
    ]);
    // The loser is refused by the last-owner rule (409) or, once the winner has committed, as the viewer it now is (403).
    expect([
      [200, 403],
      [200, 409],
    ]).toContainEqual([ra.status, rb.status].sort());
    const owners = await seed.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.organizationId, team.organizationId), eq(memberships.role, "owner")));
    expect(owners).toHaveLength(1);
  }
});

test("a lowered member's next request runs with the new role; a removed member's sessions end and their tokens keep working", async ({
  seed,
  api,
  request,
  baseURL,
  clientAddress,
}) => {
  const team = await seedTeam(seed);
  const form = await seed.form(team.organizationId, { name: "Shared" }, { publish: true });
  const owner = await teamSession(request, baseURL!, team.owner, clientAddress, team.organizationId);
  const editor = await teamSession(request, baseURL!, team.members.editor, clientAddress, team.organizationId);
  const admin = await teamSession(request, baseURL!, team.members.admin, clientAddress, team.organizationId);

  expect((await editor.mutation("forms.rename", { formUuid: form.uuid, name: "Renamed by the editor" })).status).toBe(200);
  expect((await owner.mutation("members.changeRole", { userId: team.members.editor.userId, role: "viewer" })).status).toBe(200);
  const lowered = await editor.mutation("forms.rename", { formUuid: form.uuid, name: "Again" });
  expect(lowered.status).toBe(403);
  expect(lowered.body.error.message).toBe("Your role (viewer) cannot edit, publish and trash forms: ask an editor, admin or owner");
  expect((await editor.query("forms.overview", { formUuid: form.uuid })).status).toBe(200);

  // The admin makes a token and asks for mail about the form; then the owner removes the admin.
  const token = (await admin.mutation("tokens.create", { kind: "v2", name: "Sync", scopes: ["form.view"], formUuids: [] })).body.result.data
    .token as string;
  expect((await admin.mutation("formMail.updateNotifications", { formUuid: form.uuid, mode: "each" })).status).toBe(200);
  expect((await owner.mutation("members.remove", { userId: team.members.admin.userId })).status).toBe(200);

  const next = await admin.query("forms.list", { page: 1 });
  expect(next.status).toBe(401);
  expect(
    await seed.db
      .select()
      .from(userSessions)
      .where(and(eq(userSessions.userId, team.members.admin.userId), eq(userSessions.organizationId, team.organizationId))),
  ).toEqual([]);
  expect(await seed.db.select().from(formNotifications).where(eq(formNotifications.userId, team.members.admin.userId))).toEqual([]);
  // The token belongs to the organization: it still works, and the token list says who made it.
  expect((await api.get("/api/v2/forms", token)).status).toBe(200);
  const [row] = await seed.db.select().from(apiTokens).where(eq(apiTokens.name, "Sync"));
  expect(row!.createdByUserId).toBe(team.members.admin.userId);
  const listed = (await owner.query("tokens.list", { kind: "v2" })).body.result.data;
  expect(listed.find((t: { name: string }) => t.name === "Sync").createdBy.email).toBe(team.members.admin.email);
  // Their own organization is untouched: they sign in there again.
  expect(await roleOf(seed, team.members.admin.organizationId, team.members.admin.userId)).toBe("owner");
});
