import { expect, test } from "../../fixtures";
import { seedTeam } from "../team";
import { dashboardAs, expectRow, newOrigin, onlyRow } from "./audit-helpers";

/**
 * Member, role, form-limit, ownership and invitation changes each write their row, in the
 * change's transaction, with the member or invitation as the object; a refused change writes none.
 */
test("member and invitation changes are in the audit log", async ({ seed, request, baseURL }) => {
  const team = await seedTeam(seed);
  const form = await seed.form(team.organizationId, { name: "Team form", elements: [] });
  const origin = newOrigin();
  const owner = await dashboardAs(request, baseURL!, team.owner, origin);
  await owner.mutation("account.switchOrganization", { organizationId: team.organizationId });
  const me = { type: "user", id: String(team.owner.userId), label: team.owner.email };
  const member = (u: { userId: number; email: string }) => ({ type: "user", id: String(u.userId), label: u.email });
  const org = team.organizationId;

  await owner.mutation("members.changeRole", { userId: team.members.viewer.userId, role: "editor" });
  expectRow(await onlyRow(seed.db, org, "member.role_changed"), {
    actor: me,
    target: member(team.members.viewer),
    origin,
    metadata: { role: "editor" },
  });
  await owner.mutation("members.restrictForms", { userId: team.members.viewer.userId, formIds: [form.id] });
  expectRow(await onlyRow(seed.db, org, "member.forms_changed"), {
    actor: me,
    target: member(team.members.viewer),
    origin,
    metadata: { forms: [form.id] },
  });
  await owner.mutation("members.remove", { userId: team.members.editor.userId });
  expectRow(await onlyRow(seed.db, org, "member.removed"), { actor: me, target: member(team.members.editor), origin });

  const invited = `invited-${Date.now()}@example.test`;
  const sent = await owner.mutation("invitations.create", { email: invited, role: "viewer" });
  const invitation = { type: "invitation", id: String(sent.id), label: invited };
  expectRow(await onlyRow(seed.db, org, "member.invited"), {
    actor: me,
    target: invitation,
    origin,
    metadata: { role: "viewer", forms: [] },
  });
  const again = await owner.mutation("invitations.resend", { id: sent.id });
  expectRow(await onlyRow(seed.db, org, "member.invitation_resent"), {
    actor: me,
    target: { ...invitation, id: String(again.id) },
    origin,
  });
  await owner.mutation("invitations.revoke", { id: again.id });
  const revoked = await onlyRow(seed.db, org, "member.invitation_revoked");
  expect([revoked.targetType, revoked.targetId]).toEqual(["invitation", String(again.id)]);

  await owner.mutation("members.transferOwnership", { userId: team.members.admin.userId });
  expectRow(await onlyRow(seed.db, org, "member.ownership_transferred"), { actor: me, target: member(team.members.admin), origin });
});
