import "server-only";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { memberships } from "@/db/schema";
import type { MemberGrant } from "@/lib/permissions";

/** The user's role and form restriction in the organization; null when they are not a member. */
export async function findMemberGrant(db: DbOrTx, who: { userId: number; organizationId: number }): Promise<MemberGrant | null> {
  const [row] = await db
    .select({ role: memberships.role, formIds: memberships.formIds })
    .from(memberships)
    .where(and(eq(memberships.userId, who.userId), eq(memberships.organizationId, who.organizationId)))
    .limit(1);
  return row ?? null;
}
