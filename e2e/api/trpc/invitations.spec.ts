import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { invitations, mailMessages, memberships, users } from "../../../db/schema";
import { createInvitation } from "../../../server/services/members/invitations";
import { freshAddress, linkIn, waitForMail } from "../../mail/mailbox";
import { expect, test } from "../../fixtures";
import { organizationFingerprint, seedTeam, teamSession } from "../team";
import { trpc, trpcSession } from "../trpc-client";

/**
 * Invitations over HTTP: a hashed single-use token valid 7 days, mailed with its link; re-sending
 * voids the old link, revoking voids it; accepting signs up (or checks the password of) the
 * invited address only; admins cannot invite owners; an address that is a member already is
 * told so; invitations are capped per organization and hour.
 */

const tokenOf = (link: string) => link.split("/invite/")[1]!;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const preview = (request: Parameters<typeof trpc>[0], token: string) => trpc(request, "query", "invitations.preview", { token });

test("an invitation is mailed with a one-time link, stored hashed, and signs a new person up into the organization with its role", async ({
  seed,
  request,
  baseURL,
  clientAddress,
}) => {
  const team = await seedTeam(seed, { orgName: "Agency" });
  const form = await seed.form(team.organizationId, { name: "Brief" });
  const admin = await teamSession(request, baseURL!, team.members.admin, clientAddress, team.organizationId);
  const email = freshAddress("invited");

  const sent = await admin.mutation("invitations.create", { email: email.toUpperCase(), role: "editor", formIds: [form.id] });
  expect(sent.status).toBe(200);
  // With a mail server the link goes by mail only.
  expect(sent.body.result.data).toEqual({ id: expect.any(Number), email, link: null });
  const [mail] = await waitForMail(email);
  expect(mail!.parsed.subject).toBe("Join Agency on Formhouse");
  expect(mail!.parsed.text).toContain("The admin invited you to join Agency as an editor");
  const link = linkIn(mail!, `${baseURL}/invite/`);
  const token = tokenOf(link);
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const [row] = await seed.db.select().from(invitations).where(eq(invitations.email, email));
  expect(row!.tokenHash).toBe(sha256(token));
  expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(7 * 86_400_000 - 60_000);
  expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThan(7 * 86_400_000 + 60_000);
  // The log keeps the message, its link gone once sent.
  await expect
    .poll(async () => (await seed.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email)))[0]?.content)
    .toEqual({ organizationName: "Agency", inviterName: "The admin", role: "editor" });

  const listed = await admin.query("invitations.list");
  expect(listed.body.result.data.invitations).toEqual([
    expect.objectContaining({ email, role: "editor", formIds: [form.id], invitedBy: "The admin" }),
  ]);
  expect(JSON.stringify(listed.body)).not.toContain(token);

  expect((await preview(request, token)).body.result.data).toEqual({
    state: "open",
    organizationId: team.organizationId,
    organizationName: "Agency",
    email,
    role: "editor",
    inviterName: "The admin",
    hasAccount: false,
  });
  const short = await trpc(request, "mutation", "invitations.acceptWithPassword", { token, password: "short" });
  expect(short.status).toBe(400);
  const joined = await trpc(request, "mutation", "invitations.acceptWithPassword", { token, password: "a new passphrase", name: "Ed" });
  expect(joined.status).toBe(200);
  expect(joined.body.result.data).toEqual({ organizationId: team.organizationId, organizationName: "Agency", alreadyMember: false, email });
  const [user] = await seed.db.select().from(users).where(eq(users.email, email));
  const mine = await seed.db.select().from(memberships).where(eq(memberships.userId, user!.id));
  // An invited account has no organization of its own: only the one it joined, with the invitation's role and forms.
  expect(mine.map((m) => [m.organizationId, m.role, m.formIds])).toEqual([[team.organizationId, "editor", [form.id]]]);

  // Single use.
  expect((await preview(request, token)).body.result.data).toEqual({
    state: "gone",
    message: "This invitation was already used. Sign in to reach the organization.",
  });
  const again = await trpc(request, "mutation", "invitations.acceptWithPassword", { token, password: "a new passphrase" });
  expect(again.status).toBe(412); // tRPC has no 410: GONE is PRECONDITION_FAILED
  expect(again.body.error.message).toBe("This invitation was already used. Sign in to reach the organization.");
  // The new member signs in with the password and works in the organization.
  const ed = await trpcSession(request, baseURL!, { ...team.owner, userId: user!.id, email, password: "a new passphrase" }, clientAddress);
  expect((await ed.query("account.me")).body.result.data.organization.name).toBe("Agency");
});

test("re-sending voids the old link, revoking voids the link, an expired link says so; each answer is a sentence", async ({
  seed,
  request,
  baseURL,
  clientAddress,
}) => {
  const team = await seedTeam(seed);
  const owner = await teamSession(request, baseURL!, team.owner, clientAddress, team.organizationId);
  const email = freshAddress("resent");
  const { id } = (await owner.mutation("invitations.create", { email, role: "viewer" })).body.result.data;
  const first = tokenOf(linkIn((await waitForMail(email))[0]!, `${baseURL}/invite/`));
  expect((await owner.mutation("invitations.resend", { id })).status).toBe(200);
  const mails = await waitForMail(email, { count: 2 });
  const second = tokenOf(linkIn(mails[1]!, `${baseURL}/invite/`));
  expect(second).not.toBe(first);
  expect((await preview(request, first)).body.result.data.message).toBe(
    "This invitation link is not valid: it may have been replaced by a newer one. Ask for a new invitation.",
  );
  expect((await preview(request, second)).body.result.data.state).toBe("open");

  await seed.db
    .update(invitations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(invitations.id, id));
  expect((await preview(request, second)).body.result.data.message).toBe(
    "This invitation has expired: it works for 7 days. Ask the person who invited you for a new one.",
  );
  // An expired invitation can be sent again: a fresh week.
  expect((await owner.mutation("invitations.resend", { id })).status).toBe(200);
  const third = tokenOf(linkIn((await waitForMail(email, { count: 3 }))[2]!, `${baseURL}/invite/`));
  expect((await preview(request, third)).body.result.data.state).toBe("open");

  expect((await owner.mutation("invitations.revoke", { id })).status).toBe(200);
  expect((await preview(request, third)).body.result.data.message).toBe(
    "This invitation was withdrawn. Ask the person who invited you for a new one.",
  );
  const accept = await trpc(request, "mutation", "invitations.acceptWithPassword", { token: third, password: "a new passphrase" });
  expect(accept.status).toBe(412);
  expect(await seed.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  expect((await owner.mutation("invitations.revoke", { id })).status).toBe(404);
  expect((await owner.query("invitations.list")).body.result.data.invitations).toEqual([]);
  for (const bad of ["", "x".repeat(200), `${third}A`]) expect((await preview(request, bad)).body.result.data.state).toBe("gone");
});

test("admins cannot invite owners; a member's address is told so; another organization's invitations are out of reach", async ({
  seed,
  request,
  baseURL,
  clientAddress,
}) => {
  const team = await seedTeam(seed);
  const admin = await teamSession(request, baseURL!, team.members.admin, clientAddress, team.organizationId);
  const before = await organizationFingerprint(seed, team.organizationId);
  const owner = await admin.mutation("invitations.create", { email: freshAddress("boss"), role: "owner" });
  expect(owner.status).toBe(403);
  expect(owner.body.error.message).toBe("Only an owner can invite an owner");
  const member = await admin.mutation("invitations.create", { email: team.members.viewer.email, role: "editor" });
  expect(member.status).toBe(409);
  expect(member.body.error.message).toBe(`${team.members.viewer.email} is already a member of this organization`);
  const limited = await admin.mutation("invitations.create", { email: freshAddress("limited"), role: "admin", formIds: [1] });
  expect(limited.status).toBe(400);
  expect(await organizationFingerprint(seed, team.organizationId)).toBe(before);

  // Another organization's admin neither sees, re-sends nor revokes this one's invitations.
  const sent = await admin.mutation("invitations.create", { email: freshAddress("mine"), role: "viewer" });
  const other = await seedTeam(seed);
  const intruder = await teamSession(request, baseURL!, other.members.admin, clientAddress, other.organizationId);
  expect((await intruder.query("invitations.list")).body.result.data.invitations).toEqual([]);
  const afterSend = await organizationFingerprint(seed, team.organizationId);
  for (const r of [
    await intruder.mutation("invitations.resend", { id: sent.body.result.data.id }),
    await intruder.mutation("invitations.revoke", { id: sent.body.result.data.id }),
  ]) {
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe("Invitation not found");
  }
  expect(await organizationFingerprint(seed, team.organizationId)).toBe(afterSend);
});

test("accepting signed in needs the invited address; with an account, its password; invitations are capped per hour", async ({
  seed,
  request,
  baseURL,
  clientAddress,
}) => {
  const team = await seedTeam(seed, { orgName: "Studio" });
  const outsider = await seed.org({ orgName: "Outsider's own" });
  // Without a mail server the inviter gets the link (the service's answer the procedure gives then).
  const actor = { userId: team.owner.userId, organizationId: team.organizationId, role: "owner" as const };
  const { link } = await createInvitation(seed.db, actor, { email: outsider.email, role: "viewer", formIds: null }, { showLink: true });
  const token = tokenOf(link!);
  expect((await preview(request, token)).body.result.data).toMatchObject({ state: "open", hasAccount: true });

  // Someone else, signed in, cannot take it.
  const someoneElse = await trpcSession(request, baseURL!, team.members.editor, clientAddress);
  const wrong = await someoneElse.mutation("invitations.accept", { token });
  expect(wrong.status).toBe(403);
  expect(wrong.body.error.message).toBe(
    `This invitation is for ${outsider.email}, and you are signed in as ${team.members.editor.email}. Sign out, then open the link again.`,
  );
  // Signed out, the account's password is checked.
  const bad = await trpc(request, "mutation", "invitations.acceptWithPassword", { token, password: "not the password" });
  expect(bad.status).toBe(401);
  expect(bad.body.error.message).toBe("That password is not right for this account");
  expect(
    await seed.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, outsider.userId), eq(memberships.organizationId, team.organizationId))),
  ).toEqual([]);
  // Signed in as the invited address: joined, and the session moves to the organization.
  const invited = await trpcSession(request, baseURL!, outsider, clientAddress);
  const joined = await invited.mutation("invitations.accept", { token });
  expect(joined.body.result.data).toEqual({ organizationId: team.organizationId, organizationName: "Studio", alreadyMember: false });
  expect((await invited.query("account.me")).body.result.data).toMatchObject({ role: "viewer", organization: { name: "Studio" } });
  const orgs = (await invited.query("account.organizations")).body.result.data;
  expect(orgs.organizations.map((o: { name: string }) => o.name)).toEqual(["Outsider's own", "Studio"]);

  // The cap: 30 an hour per organization; the 31st is a 429 and nothing is stored or mailed.
  await seed.db.execute(sql`
    insert into rate_limit_counters (key, window_start, count, expires_at)
    values (${`invite:org:${team.organizationId}`}, now(), 30, now() + interval '1 hour')
    on conflict (key) do update set count = 30, window_start = now(), expires_at = now() + interval '1 hour'`);
  const owner = await teamSession(request, baseURL!, team.owner, clientAddress, team.organizationId);
  const capped = freshAddress("capped");
  const r = await owner.mutation("invitations.create", { email: capped, role: "viewer" });
  expect(r.status).toBe(429);
  expect(r.body.error.message).toMatch(/^At most 30 invitations an hour can be sent: try again in \d+ min$/);
  expect(await seed.db.select().from(invitations).where(eq(invitations.email, capped))).toEqual([]);
  expect(await seed.db.select().from(mailMessages).where(eq(mailMessages.toAddress, capped))).toEqual([]);
});
