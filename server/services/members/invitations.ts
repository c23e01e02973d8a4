import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { INVITATION_DAYS } from "@/lib/account-rules";
import { AppError } from "@/lib/errors";
import { FORM_RESTRICTABLE_ROLES, type OrganizationRole } from "@/lib/permissions";
import { queueMail } from "@/server/mail/enqueue";
import { hitRateLimit } from "@/server/services/lib/rate-limit";
import { hashPassword } from "@/server/services/users/passwords";
import { accountLinkTokenHash, newAccountLinkToken } from "@/server/services/users/account-links";
import { invitationUrl } from "@/server/urls";
import { checkFormChoice, type Actor } from "./rules";

/**
 * Invitations to join an organization with a role: a link mailed to the address (32 random
 * bytes, stored as SHA-256), valid INVITATION_DAYS days, single-use, revocable, re-sendable
 * (a new link; the old one is void). Each change is one function with its own transaction.
 */

/** Invitations (new and re-sent) one organization may send an hour: each mails an address of its choosing. */
export const INVITATIONS_PER_HOUR = 30;

export type InvitationRow = {
  id: number;
  email: string;
  role: OrganizationRole;
  formIds: number[] | null;
  invitedBy: string | null;
  expiresAt: Date;
  createdAt: Date;
};

/** What an inviter gets back: the link itself only when no mail server is configured (they pass it on). */
export type SentInvitation = { id: number; email: string; link: string | null };

export const INVITATION_NOT_FOUND = "Invitation not found";

/** The organization's open invitations (not accepted, not revoked; expired ones too, to re-send), newest first. */
export async function listInvitations(db: DbOrTx, organizationId: number): Promise<InvitationRow[]> {
  const rows = await db.execute<{
    id: number;
    email: string;
    role: OrganizationRole;
    form_ids: number[] | null;
    invited_by: string | null;
    expires_at: string;
    created_at: string;
  }>(sql`
    select i.id, i.email, i.role, i.form_ids, coalesce(nullif(u.name, ''), u.email) as invited_by, i.expires_at, i.created_at
    from invitations i left join users u on u.id = i.invited_by_user_id
    where i.organization_id = ${organizationId} and i.accepted_at is null and i.revoked_at is null
    order by i.created_at desc, i.id desc`);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role,
    formIds: r.form_ids,
    invitedBy: r.invited_by,
    expiresAt: new Date(r.expires_at),
    createdAt: new Date(r.created_at),
  }));
}

async function throttleInvitations(tx: DbOrTx, organizationId: number): Promise<void> {
  const hit = await hitRateLimit(tx, `invite:org:${organizationId}`, INVITATIONS_PER_HOUR, 3600);
  if (hit.exceeded) {
    throw new AppError(
      "TOO_MANY_REQUESTS",
      `At most ${INVITATIONS_PER_HOUR} invitations an hour can be sent: try again in ${Math.ceil(hit.resetSeconds / 60)} min`,
      { headers: { "Retry-After": String(hit.resetSeconds) } },
    );
  }
}

/** Queues the invitation's mail with its link (the mail log keeps it, without the link once sent). */
async function mailInvitation(tx: DbOrTx, actor: Actor, to: string, role: OrganizationRole, token: string, tokenHash: string) {
  const [names] = await tx.execute<{ organization: string; inviter: string }>(sql`
    select o.name as organization, coalesce(nullif(u.name, ''), u.email) as inviter
    from organizations o, users u where o.id = ${actor.organizationId} and u.id = ${actor.userId}`);
  await queueMail(tx, {
    kind: "invitation",
    to,
    subject: `Join ${names!.organization} on Formhouse`,
    content: { organizationName: names!.organization, inviterName: names!.inviter, role, secret: { link: invitationUrl(token) } },
    idempotencyKey: `invitation:${tokenHash}`,
    organizationId: actor.organizationId,
  });
}

/**
 * Invites `email` with `role` (and, for an editor or viewer, chosen forms). Admins cannot invite
 * owners; an address that is already a member is a 409 that says so. Inviting an address with
 * an open invitation replaces it (a new link, the old one void).
 */
export async function createInvitation(
  db: DbOrTx,
  actor: Actor,
  input: { email: string; role: OrganizationRole; formIds: number[] | null },
  opts: { showLink: boolean },
): Promise<SentInvitation> {
  const email = input.email.trim().toLowerCase();
  if (input.role === "owner" && actor.role !== "owner") {
    throw new AppError("FORBIDDEN", "Only an owner can invite an owner", { path: ["role"], reason: "needs an owner" });
  }
  if (input.formIds && !FORM_RESTRICTABLE_ROLES.includes(input.role)) {
    throw new AppError("BAD_REQUEST", "Only editors and viewers can be limited to chosen forms: owners and admins reach every form", {
      path: ["formIds"],
      reason: "cannot limit this role",
    });
  }
  const { token, tokenHash } = newAccountLinkToken();
  const id = await db.transaction(async (tx) => {
    const [member] = await tx.execute(sql`
      select 1 from memberships m join users u on u.id = m.user_id
      where m.organization_id = ${actor.organizationId} and u.email = ${email}`);
    if (member) {
      throw new AppError("CONFLICT", `${email} is already a member of this organization`, {
        path: ["email"],
        reason: "is already a member",
      });
    }
    const formIds = input.formIds && (await checkFormChoice(tx, actor.organizationId, input.formIds));
    await throttleInvitations(tx, actor.organizationId);
    const [row] = await tx.execute<{ id: number }>(sql`
      insert into invitations (organization_id, email, role, form_ids, token_hash, invited_by_user_id, expires_at)
      values (${actor.organizationId}, ${email}, ${input.role}, ${formIds ? sql`${sql.param(formIds)}::int[]` : null}, ${tokenHash},
        ${actor.userId}, now() + make_interval(days => ${INVITATION_DAYS}))
      on conflict (organization_id, email) where accepted_at is null and revoked_at is null
      do update set role = excluded.role, form_ids = excluded.form_ids, token_hash = excluded.token_hash,
        invited_by_user_id = excluded.invited_by_user_id, expires_at = excluded.expires_at, created_at = now()
      returning id`);
    await mailInvitation(tx, actor, email, input.role, token, tokenHash);
    return row!.id;
  });
  return { id, email, link: opts.showLink ? invitationUrl(token) : null };
}

/** Sends an open invitation again with a new link, valid INVITATION_DAYS days from now; the old link is void. */
export async function resendInvitation(db: DbOrTx, actor: Actor, id: number, opts: { showLink: boolean }): Promise<SentInvitation> {
  const { token, tokenHash } = newAccountLinkToken();
  const sent = await db.transaction(async (tx) => {
    const [row] = await tx.execute<{ email: string; role: OrganizationRole }>(sql`
      update invitations set token_hash = ${tokenHash}, expires_at = now() + make_interval(days => ${INVITATION_DAYS})
      where id = ${id} and organization_id = ${actor.organizationId} and accepted_at is null and revoked_at is null
      returning email, role`);
    if (!row) throw new AppError("NOT_FOUND", INVITATION_NOT_FOUND);
    if (row.role === "owner" && actor.role !== "owner") throw new AppError("FORBIDDEN", "Only an owner can invite an owner");
    await throttleInvitations(tx, actor.organizationId);
    await mailInvitation(tx, actor, row.email, row.role, token, tokenHash);
    return row;
  });
  return { id, email: sent.email, link: opts.showLink ? invitationUrl(token) : null };
}

/** Withdraws an open invitation: its link no longer works. */
export async function revokeInvitation(db: DbOrTx, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.execute(sql`
      update invitations set revoked_at = now()
      where id = ${id} and organization_id = ${actor.organizationId} and accepted_at is null and revoked_at is null
      returning 1`);
    if (rows.length === 0) throw new AppError("NOT_FOUND", INVITATION_NOT_FOUND);
  });
}

/** An invitation as its link's page shows it. */
export type InvitationView =
  | {
      state: "open";
      organizationId: number;
      organizationName: string;
      email: string;
      role: OrganizationRole;
      inviterName: string | null;
      /** Whether the address has an account: the page asks for its password, else for a new one. */
      hasAccount: boolean;
    }
  | { state: "gone"; message: string };

export const INVITATION_GONE = {
  unknown: "This invitation link is not valid: it may have been replaced by a newer one. Ask for a new invitation.",
  used: "This invitation was already used. Sign in to reach the organization.",
  revoked: "This invitation was withdrawn. Ask the person who invited you for a new one.",
  expired: `This invitation has expired: it works for ${INVITATION_DAYS} days. Ask the person who invited you for a new one.`,
} as const;

type InvitationState = {
  id: number;
  organization_id: number;
  organization_name: string;
  email: string;
  role: OrganizationRole;
  form_ids: number[] | null;
  inviter: string | null;
  has_account: boolean;
  accepted: boolean;
  revoked: boolean;
  expired: boolean;
};

async function readInvitation(db: DbOrTx, token: string, lock: boolean): Promise<InvitationState | null> {
  const tokenHash = accountLinkTokenHash(token);
  if (!tokenHash) return null;
  const [row] = await db.execute<InvitationState>(sql`
    select i.id, i.organization_id, o.name as organization_name, i.email, i.role, i.form_ids,
      coalesce(nullif(u.name, ''), u.email) as inviter,
      exists (select 1 from users a where a.email = i.email) as has_account,
      i.accepted_at is not null as accepted, i.revoked_at is not null as revoked, i.expires_at <= now() as expired
    from invitations i join organizations o on o.id = i.organization_id left join users u on u.id = i.invited_by_user_id
    where i.token_hash = ${tokenHash}
    ${lock ? sql`for update of i` : sql``}`);
  return row ?? null;
}

function goneMessage(row: InvitationState | null): string | null {
  if (!row) return INVITATION_GONE.unknown;
  if (row.accepted) return INVITATION_GONE.used;
  if (row.revoked) return INVITATION_GONE.revoked;
  if (row.expired) return INVITATION_GONE.expired;
  return null;
}

/** The invitation of a link, or why it no longer works. */
export async function viewInvitation(db: DbOrTx, token: string): Promise<InvitationView> {
  const row = await readInvitation(db, token, false);
  const gone = goneMessage(row);
  if (gone || !row) return { state: "gone", message: gone ?? INVITATION_GONE.unknown };
  return {
    state: "open",
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    email: row.email,
    role: row.role,
    inviterName: row.inviter,
    hasAccount: row.has_account,
  };
}

/** The outcome of accepting: the organization joined, or that the user already was a member. */
export type Joined = { organizationId: number; organizationName: string; alreadyMember: boolean };

/** Inside a transaction: the invitation, locked and open, or a 410 with why not. */
async function openInvitation(tx: DbOrTx, token: string): Promise<InvitationState> {
  const row = await readInvitation(tx, token, true);
  const gone = goneMessage(row);
  if (gone || !row) throw new AppError("GONE", gone ?? INVITATION_GONE.unknown);
  return row;
}

async function join(tx: DbOrTx, invitation: InvitationState, userId: number): Promise<Joined> {
  const inserted = await tx.execute(sql`
    insert into memberships (user_id, organization_id, role, form_ids)
    values (${userId}, ${invitation.organization_id}, ${invitation.role},
      ${invitation.form_ids ? sql`${sql.param(invitation.form_ids)}::int[]` : null})
    on conflict do nothing
    returning 1`);
  // Used either way: an address that is already a member has nothing left to accept.
  await tx.execute(sql`update invitations set accepted_at = now() where id = ${invitation.id}`);
  return {
    organizationId: invitation.organization_id,
    organizationName: invitation.organization_name,
    alreadyMember: inserted.length === 0,
  };
}

/**
 * The signed-in user accepts an invitation sent to their address: they join with its role. An
 * invitation for another address is a 403 that says which, and is left open.
 */
export async function acceptInvitation(db: DbOrTx, user: { userId: number; email: string }, token: string): Promise<Joined> {
  return db.transaction(async (tx) => {
    const invitation = await openInvitation(tx, token);
    if (invitation.email !== user.email.toLowerCase()) {
      throw new AppError(
        "FORBIDDEN",
        `This invitation is for ${invitation.email}, and you are signed in as ${user.email}. Sign out, then open the link again.`,
      );
    }
    return join(tx, invitation, user.userId);
  });
}

/**
 * Someone without an account accepts: an account for the invited address (no organization of
 * its own) joins the organization, in one transaction. The page then signs in with the password.
 */
export async function signUpInvited(
  db: DbOrTx,
  token: string,
  input: { password: string; name: string },
): Promise<Joined & { email: string }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const invitation = await openInvitation(tx, token);
    const [user] = await tx.execute<{ id: number }>(sql`
      insert into users (email, name, password_hash) values (${invitation.email}, ${input.name}, ${passwordHash})
      on conflict (email) do nothing
      returning id`);
    if (!user) throw new AppError("CONFLICT", `${invitation.email} already has an account: enter its password to accept`);
    return { ...(await join(tx, invitation, user.id)), email: invitation.email };
  });
}
