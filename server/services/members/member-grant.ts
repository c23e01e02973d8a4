import "server-only";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { memberships } from "@/db/schema";
import { AppError, MESSAGES } from "@/lib/errors";
import { permissionRefusal, type MemberGrant, type Permission } from "@/lib/permissions";
import type { FormAccess } from "@/server/services/forms/access";

/** The user's role and form restriction in the organization; null when they are not a member. */
export async function findMemberGrant(db: DbOrTx, who: { userId: number; organizationId: number }): Promise<MemberGrant | null> {
  const [row] = await db
    .select({ role: memberships.role, formIds: memberships.formIds })
    .from(memberships)
    .where(and(eq(memberships.userId, who.userId), eq(memberships.organizationId, who.organizationId)))
    .limit(1);
  return row ?? null;
}

/**
 * A route handler's check of a signed-in user (the procedures' is `sessionProcedure`): their
 * membership, the permission, and their access narrowed to the forms they are limited to.
 * 401 when they are no longer a member, 403 with the table's sentence without the permission.
 */
export async function memberAccessOrThrow(
  db: DbOrTx,
  session: { userId: number; organizationId: number },
  permission: Permission,
): Promise<FormAccess> {
  const member = await findMemberGrant(db, session);
  if (!member) throw new AppError("UNAUTHORIZED", MESSAGES.notAMember);
  const refusal = permissionRefusal(member, permission);
  if (refusal) throw new AppError("FORBIDDEN", refusal);
  return { organizationId: session.organizationId, formIds: member.formIds };
}
