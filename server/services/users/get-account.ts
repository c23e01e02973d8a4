import "server-only";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { memberships, organizations, users } from "@/db/schema";
import { AppError } from "@/lib/errors";
import type { OrganizationRole } from "@/lib/permissions";

export type Account = {
  userId: number;
  email: string;
  name: string;
  role: OrganizationRole;
  organization: { id: number; name: string };
};

/** The user and the organization of a session; null if the user or the membership is gone. */
export async function findAccount(db: DbOrTx, who: { userId: number; organizationId: number }): Promise<Account | null> {
  const [account] = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      role: memberships.role,
      organization: { id: organizations.id, name: organizations.name },
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, who.userId), eq(memberships.organizationId, who.organizationId)))
    .limit(1);
  return account ?? null;
}

/** Like findAccount, but a vanished account is a 401: the session no longer stands for anyone. */
export async function getAccountOrThrow(db: DbOrTx, who: { userId: number; organizationId: number }): Promise<Account> {
  const account = await findAccount(db, who);
  if (!account) throw new AppError("UNAUTHORIZED", "Your account was not found. Sign in again.");
  return account;
}
