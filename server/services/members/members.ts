import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { memberships, users } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { FORM_RESTRICTABLE_ROLES, type OrganizationRole } from "@/lib/permissions";
import { revokeGrant } from "@/server/oauth/grants";
import { PAGE_SIZE, pageOffset } from "@/server/services/lib/pagination";
import {
  checkFormChoice,
  confirmActor,
  dropFormMailBeyond,
  lockOwners,
  refuseLastOwner,
  refuseOwnerChangeByAdmin,
  type Actor,
} from "./rules";

/**
 * The organization's members and what admins and owners do with them. Each change is one
 * service function with a transaction of its own, so what else a change must record goes there.
 */

export type MemberRow = {
  userId: number;
  name: string;
  email: string;
  role: OrganizationRole;
  formIds: number[] | null;
  joinedAt: Date;
};

export const MEMBER_NOT_FOUND = "Member not found";

/** Every member of the organization, owners first, then by when they joined. */
export async function listMembers(db: DbOrTx, organizationId: number): Promise<MemberRow[]> {
  return db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      role: memberships.role,
      formIds: memberships.formIds,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(sql`array_position(array['owner','admin','editor','viewer'], ${memberships.role})`, asc(memberships.createdAt), asc(users.id));
}

/** The member, locked for the rest of the transaction; a 404 when they are not in the organization. */
async function lockMember(
  tx: DbOrTx,
  organizationId: number,
  userId: number,
): Promise<{ role: OrganizationRole; formIds: number[] | null }> {
  const [row] = await tx
    .select({ role: memberships.role, formIds: memberships.formIds })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND", MEMBER_NOT_FOUND);
  return row;
}

/**
 * Gives a member another role. Admins cannot make owners or change an owner; an owner can be
 * lowered only while another owner remains. Owners and admins reach every form, so their
 * restriction goes. The member's next request runs with the new role.
 */
export async function changeMemberRole(db: DbOrTx, asked: Actor, userId: number, role: OrganizationRole): Promise<void> {
  await db.transaction(async (tx) => {
    const owners = await lockOwners(tx, asked.organizationId);
    const actor = await confirmActor(tx, asked, "members.manage");
    const target = await lockMember(tx, actor.organizationId, userId);
    refuseOwnerChangeByAdmin(actor, target.role, role);
    if (target.role === "owner" && role !== "owner") refuseLastOwner(owners, userId, "lower");
    const formIds = FORM_RESTRICTABLE_ROLES.includes(role) ? target.formIds : null;
    await tx
      .update(memberships)
      .set({ role, formIds })
      .where(and(eq(memberships.organizationId, actor.organizationId), eq(memberships.userId, userId)));
  });
}

/** Limits an editor or viewer to chosen forms of the organization (null: every form); their mail about other forms stops. */
export async function restrictMemberForms(db: DbOrTx, asked: Actor, userId: number, formIds: number[] | null): Promise<void> {
  await db.transaction(async (tx) => {
    const actor = await confirmActor(tx, asked, "members.manage");
    const target = await lockMember(tx, actor.organizationId, userId);
    if (formIds && !FORM_RESTRICTABLE_ROLES.includes(target.role)) {
      throw new AppError("BAD_REQUEST", "Only editors and viewers can be limited to chosen forms: owners and admins reach every form", {
        path: ["formIds"],
        reason: "cannot limit this role",
      });
    }
    const chosen = formIds && (await checkFormChoice(tx, actor.organizationId, formIds));
    await tx
      .update(memberships)
      .set({ formIds: chosen })
      .where(and(eq(memberships.organizationId, actor.organizationId), eq(memberships.userId, userId)));
    if (chosen) await dropFormMailBeyond(tx, actor.organizationId, userId, chosen);
  });
}

/**
 * Ends a membership: the row, the member's sessions in the organization (their next request is
 * refused), the apps they connected to it and their mail about its forms. Their API tokens belong to the organization and stay.
 */
async function endMembership(tx: DbOrTx, organizationId: number, userId: number): Promise<void> {
  await tx.delete(memberships).where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  // Apps they connected to the organization end with it (their tokens stopped working with the membership already).
  const grants = await tx.execute<{ id: number }>(sql`
    select id from oauth_grants where user_id = ${userId} and organization_id = ${organizationId} and revoked_at is null`);
  for (const g of grants) await revokeGrant(tx, g.id);
  await tx.execute(sql`delete from user_sessions where user_id = ${userId} and organization_id = ${organizationId}`);
  await dropFormMailBeyond(tx, organizationId, userId, []);
}

/** Removes a member (not the last owner; an admin cannot remove an owner). */
export async function removeMember(db: DbOrTx, asked: Actor, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const owners = await lockOwners(tx, asked.organizationId);
    const actor = await confirmActor(tx, asked, "members.manage");
    const target = await lockMember(tx, actor.organizationId, userId);
    refuseOwnerChangeByAdmin(actor, target.role, target.role);
    if (target.role === "owner") refuseLastOwner(owners, userId, "remove");
    await endMembership(tx, actor.organizationId, userId);
  });
}

/**
 * The signed-in member leaves the organization (the last owner cannot). Their sessions there
 * move to another organization of theirs, if they have one; otherwise they end.
 */
export async function leaveOrganization(db: DbOrTx, who: { userId: number; organizationId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const owners = await lockOwners(tx, who.organizationId);
    const me = await lockMember(tx, who.organizationId, who.userId);
    if (me.role === "owner") refuseLastOwner(owners, who.userId, "leave");
    await tx.execute(sql`
      update user_sessions set organization_id = other.organization_id
      from (select organization_id from memberships where user_id = ${who.userId} and organization_id <> ${who.organizationId}
            order by created_at, organization_id limit 1) other
      where user_id = ${who.userId} and user_sessions.organization_id = ${who.organizationId}`);
    await endMembership(tx, who.organizationId, who.userId);
  });
}

/** An owner hands ownership to another member, who becomes owner; the owner becomes an admin. */
export async function transferOwnership(db: DbOrTx, actor: Actor, userId: number): Promise<void> {
  if (userId === actor.userId) throw new AppError("BAD_REQUEST", "Choose another member to transfer ownership to", { path: ["userId"] });
  await db.transaction(async (tx) => {
    await lockOwners(tx, actor.organizationId);
    await confirmActor(tx, actor, "ownership.transfer");
    await lockMember(tx, actor.organizationId, userId);
    await tx
      .update(memberships)
      .set({ role: "owner", formIds: null })
      .where(and(eq(memberships.organizationId, actor.organizationId), eq(memberships.userId, userId)));
    await tx
      .update(memberships)
      .set({ role: "admin", formIds: null })
      .where(and(eq(memberships.organizationId, actor.organizationId), eq(memberships.userId, actor.userId)));
  });
}

/** A page of the organization's members for `GET /api/v2/members`, with the UUIDs of the forms each is limited to. */
export async function listMembersPage(
  db: DbOrTx,
  organizationId: number,
  page: number,
): Promise<{ members: (MemberRow & { formUuids: string[] | null })[]; total: number }> {
  const rows = await db.execute<{
    user_id: number;
    name: string;
    email: string;
    role: OrganizationRole;
    form_ids: number[] | null;
    form_uuids: string[] | null;
    joined_at: string;
    total: number;
  }>(sql`
    select u.id as user_id, u.name, u.email, m.role, m.form_ids, m.created_at as joined_at, count(*) over ()::int as total,
      case when m.form_ids is null then null else
        array(select f.uuid::text from forms f where f.organization_id = m.organization_id and f.id = any(m.form_ids) order by f.id) end
        as form_uuids
    from memberships m join users u on u.id = m.user_id
    where m.organization_id = ${organizationId}
    order by m.created_at, u.id
    limit ${PAGE_SIZE} offset ${pageOffset(page)}`);
  const total = rows[0]?.total ?? (page > 1 ? await countMembers(db, organizationId) : 0);
  return {
    members: rows.map((r) => ({
      userId: r.user_id,
      name: r.name,
      email: r.email,
      role: r.role,
      formIds: r.form_ids,
      formUuids: r.form_uuids,
      joinedAt: new Date(r.joined_at),
    })),
    total,
  };
}

async function countMembers(db: DbOrTx, organizationId: number): Promise<number> {
  const [row] = await db.execute<{ n: number }>(sql`select count(*)::int as n from memberships where organization_id = ${organizationId}`);
  return row?.n ?? 0;
}
