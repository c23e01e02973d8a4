import { eq, sql } from "drizzle-orm";
import { memberships } from "../../../db/schema";
import { permissionRefusal, PROCEDURE_PERMISSIONS, ROLES, type OrganizationRole, type Permission } from "../../../lib/permissions";
import { appRouter } from "../../../server/routers/app/router";
import { expect, test } from "../../fixtures";
import { CONTACT_ELEMENTS } from "../form-fixtures";
import { organizationFingerprint, seedTeam, teamSession } from "../team";
import type { TrpcSession } from "../trpc-client";

/**
 * The role × procedure matrix, generated from the one table (lib/permissions.ts): every
 * dashboard procedure called over real HTTP (tRPC at /api/trpc, a real session cookie) as each of
 * the four roles. Allowed: anything but a 403 (and never a 500). Refused: a 403 with the table's
 * sentence, and the organization's data exactly as before, even for a call with a valid input.
 */

const procedures = Object.entries(PROCEDURE_PERMISSIONS).filter((e): e is [string, Permission] => e[1] !== "public");
const kindOf = (path: string) => {
  const def = (appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)[path]!._def;
  return def.type === "query" ? "query" : "mutation";
};
const call = (as: TrpcSession, path: string, input: unknown) =>
  kindOf(path) === "query" ? as.query(path, input) : as.mutation(path, input);

test("every dashboard procedure answers each role exactly as the permission table says, over HTTP", async ({
  seed,
  request,
  baseURL,
  clientAddress,
}) => {
  test.setTimeout(180_000);
  const team = await seedTeam(seed);
  const form = await seed.form(
    team.organizationId,
    { name: "Team form", elements: CONTACT_ELEMENTS, submissions: [{ data: {} }] },
    { publish: true },
  );
  const [submission] = await seed.db.execute<{ id: string }>(sql`select id from submissions where form_id = ${form.id}`);
  // Valid inputs for the writes a refused role tries: the refusal must not depend on a bad input.
  const valid: Record<string, unknown> = {
    "forms.create": { name: "Sneaked in" },
    "forms.duplicate": { formUuid: form.uuid },
    "forms.rename": { formUuid: form.uuid, name: "Renamed" },
    "forms.trash": { formUuid: form.uuid },
    "forms.unpublish": { formUuid: form.uuid },
    "submissions.bulkDelete": { formUuid: form.uuid, ids: [submission!.id] },
    "submissions.markSpam": { formUuid: form.uuid, ids: [submission!.id], spam: true },
    "tokens.create": { kind: "v2", name: "Sneaked", scopes: ["form.view"], formUuids: [] },
    "webhooks.create": { formUuid: form.uuid, url: "https://example.com/hook", events: ["Submission.Created"], enabled: true },
    "prefills.create": { formUuid: form.uuid, name: "Sneaked", prefillData: [] },
    "uniqueLinks.bulkCreate": { formUuid: form.uuid, entries: [{ entryName: "Sneaked" }] },
    "members.changeRole": { userId: team.owner.userId, role: "viewer" },
    "members.remove": { userId: team.owner.userId },
    "members.restrictForms": { userId: team.members.editor.userId, formIds: [form.id] },
    "members.transferOwnership": { userId: team.members.viewer.userId },
    "invitations.create": { email: "sneaked@example.test", role: "viewer" },
    "account.renameOrganization": { organizationName: "Hijacked" },
    "mail.resend": { id: "00000000-0000-4000-8000-000000000000" },
  };

  const sessions = {} as Record<OrganizationRole, TrpcSession>;
  for (const role of ROLES) sessions[role] = await teamSession(request, baseURL!, team.members[role], clientAddress, team.organizationId);

  const outcomes: string[] = [];
  for (const role of ROLES) {
    const as = sessions[role];
    const before = await organizationFingerprint(seed, team.organizationId);
    for (const [path, permission] of procedures) {
      const refusal = permissionRefusal({ role, formIds: null }, permission);
      if (!refusal) continue;
      const r = await call(as, path, valid[path] ?? {});
      outcomes.push(`${role} ${path} ${r.status}`);
      expect(r.status, `${role} ${path}`).toBe(403);
      expect(r.body.error.message, `${role} ${path}`).toBe(refusal);
    }
    expect(await organizationFingerprint(seed, team.organizationId), `${role}: a refused call wrote something`).toBe(before);
    for (const [path, permission] of procedures) {
      // Leaving is allowed to everyone; it is taken last, below, as it ends the session.
      if (permissionRefusal({ role, formIds: null }, permission) || path === "members.leave") continue;
      const r = await call(as, path, {});
      outcomes.push(`${role} ${path} ${r.status}`);
      expect(r.status, `${role} ${path}: ${JSON.stringify(r.body).slice(0, 300)}`).not.toBe(403);
      expect(r.status, `${role} ${path}`).toBeLessThan(500);
    }
  }
  // Every role × procedure pair was called.
  expect(outcomes.length).toBe(ROLES.length * procedures.length - ROLES.length);

  // Leaving: allowed to every role; the last owner is refused with a 409, the others leave.
  for (const role of ROLES) {
    const r = await sessions[role].mutation("members.leave");
    expect(r.status, role).toBe(role === "owner" ? 409 : 200);
  }
  const left = await seed.db.select().from(memberships).where(eq(memberships.organizationId, team.organizationId));
  expect(left.map((m) => m.role)).toEqual(["owner"]);
});

test("an editor limited to chosen forms reaches only those: other forms are 404, making forms is a 403 with its sentence", async ({
  seed,
  request,
  baseURL,
  clientAddress,
}) => {
  const team = await seedTeam(seed);
  const mine = await seed.form(team.organizationId, { name: "Chosen", elements: CONTACT_ELEMENTS }, { publish: true });
  const other = await seed.form(team.organizationId, { name: "Not chosen", elements: CONTACT_ELEMENTS }, { publish: true });
  const owner = await teamSession(request, baseURL!, team.owner, clientAddress, team.organizationId);
  const restricted = await owner.mutation("members.restrictForms", { userId: team.members.editor.userId, formIds: [mine.id] });
  expect(restricted.status).toBe(200);

  const editor = await teamSession(request, baseURL!, team.members.editor, clientAddress, team.organizationId);
  const list = await editor.query("forms.list", { page: 1 });
  expect(list.body.result.data.forms.map((f: { name: string }) => f.name)).toEqual(["Chosen"]);
  expect((await editor.query("forms.overview", { formUuid: mine.uuid })).status).toBe(200);
  for (const r of [
    await editor.query("forms.overview", { formUuid: other.uuid }),
    await editor.mutation("forms.rename", { formUuid: other.uuid, name: "Hijacked" }),
    await editor.query("submissions.list", { formUuid: other.uuid, page: 1 }),
  ]) {
    expect(r.status).toBe(404);
  }
  const before = await organizationFingerprint(seed, team.organizationId);
  const create = await editor.mutation("forms.create", { name: "Outside" });
  expect(create.status).toBe(403);
  expect(create.body.error.message).toBe("You can reach only the forms chosen for you, so you cannot create forms: ask an admin or owner");
  expect(await organizationFingerprint(seed, team.organizationId)).toBe(before);

  // A restriction names forms of the organization only, and only for editors and viewers.
  const foreign = await seed.form((await seed.org()).organizationId, { name: "Elsewhere" });
  for (const [input, message] of [
    [{ userId: team.members.editor.userId, formIds: [foreign.id] }, "Some of the chosen forms are not forms of this organization"],
    [{ userId: team.members.editor.userId, formIds: [] }, "Choose at least one form, or allow every form"],
    [
      { userId: team.members.admin.userId, formIds: [mine.id] },
      "Only editors and viewers can be limited to chosen forms: owners and admins reach every form",
    ],
  ] as const) {
    const r = await owner.mutation("members.restrictForms", input);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe(message);
  }
  expect(await organizationFingerprint(seed, team.organizationId)).toBe(before);
});
