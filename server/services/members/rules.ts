import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { AppError } from "@/lib/errors";
import { permissionRefusal, type OrganizationRole, type Permission } from "@/lib/permissions";

/**
 * The rules of membership changes that several services read: there is always an owner,
 * admins neither make nor change owners, a form restriction names the organization's forms.
 */

/** Who changes a membership: the signed-in member and their role (checked against lib/permissions.ts already). */
export type Actor = { userId: number; organizationId: number; role: OrganizationRole };

/** The organization's owners, locked until the transaction ends, so two changes cannot both take the last owner. */
export async function lockOwners(tx: DbOrTx, organizationId: number): Promise<number[]> {
  const rows = await tx.execute<{ user_id: number }>(sql`
    select user_id from memberships where organization_id = ${organizationId} and role = 'owner' order by user_id for update`);
  return rows.map((r) => r.user_id);
}

/**
 * The actor's role read again inside the change's transaction (locked until it ends): a change
 * racing one that lowered or removed the actor is judged by their role now, not at the request's start.
 */
export async function confirmActor(tx: DbOrTx, actor: Actor, permission: Permission): Promise<Actor> {
  const [row] = await tx.execute<{ role: OrganizationRole; form_ids: number[] | null }>(sql`
    select role, form_ids from memberships where organization_id = ${actor.organizationId} and user_id = ${actor.userId} for share`);
  const refusal = row
    ? permissionRefusal({ role: row.role, formIds: row.form_ids }, permission)
    : "You are no longer a member of this organization";
  if (refusal) throw new AppError("FORBIDDEN", refusal);
  return { ...actor, role: row!.role };
}

/** What cannot happen to the last owner, as the start of the 409's sentence. */
export const LAST_OWNER_CANNOT = {
  lower: "The last owner cannot get another role",
  remove: "The last owner cannot be removed",
  leave: "The last owner cannot leave",
} as const;

/** A 409 when `userId` is the only owner: an organization always has one. */
export function refuseLastOwner(owners: number[], userId: number, what: keyof typeof LAST_OWNER_CANNOT): void {
  if (owners.length === 1 && owners[0] === userId) {
    throw new AppError("CONFLICT", `${LAST_OWNER_CANNOT[what]}: make another member owner first`);
  }
}

/** Admins manage admins, editors and viewers; owners are an owner's business (and so is making one). */
export function refuseOwnerChangeByAdmin(actor: Actor, fromRole: OrganizationRole, toRole: OrganizationRole): void {
  if (actor.role === "owner") return;
  if (fromRole === "owner") throw new AppError("FORBIDDEN", "Only an owner can change or remove an owner");
  if (toRole === "owner") throw new AppError("FORBIDDEN", "Only an owner can make an owner", { path: ["role"] });
}

export const MAX_CHOSEN_FORMS = 500;

/**
 * The forms of a restriction, checked: at least one, each a form of the organization (live or
 * trashed). Unknown ids are a 400 at `formIds`, never stored.
 */
export async function checkFormChoice(tx: DbOrTx, organizationId: number, formIds: number[]): Promise<number[]> {
  const unique = [...new Set(formIds)].sort((a, b) => a - b);
  if (unique.length === 0) {
    throw new AppError("BAD_REQUEST", "Choose at least one form, or allow every form", { path: ["formIds"], reason: "is empty" });
  }
  const rows = await tx.execute<{ id: number }>(sql`
    select id from forms where organization_id = ${organizationId} and id = any(${sql.param(unique)}::int[])`);
  if (rows.length !== unique.length) {
    throw new AppError("BAD_REQUEST", "Some of the chosen forms are not forms of this organization", {
      path: ["formIds"],
      reason: "names unknown forms",
    });
  }
  return unique;
}

/**
 * The member's mail about the organization's forms outside `keep` stops: notifications and
 * digests, and receipts whose replies went to them (those then have no reply-to).
 */
export async function dropFormMailBeyond(tx: DbOrTx, organizationId: number, userId: number, keep: number[]): Promise<void> {
  const beyond = sql`(select id from forms where organization_id = ${organizationId} and not (id = any(${sql.param(keep)}::int[])))`;
  await tx.execute(sql`delete from form_notifications where user_id = ${userId} and form_id in ${beyond}`);
  await tx.execute(sql`update form_receipts set reply_to_user_id = null where reply_to_user_id = ${userId} and form_id in ${beyond}`);
}
