import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { memberships, users } from "@/db/schema";
import { verifyPassword } from "@/server/services/users/passwords";
import type { SessionUser } from "@/server/services/users/session-user";

/** Email + password sign-in; null on any mismatch (no hint which part was wrong). */
export async function authenticateUser(db: Db, email: string, password: string): Promise<SessionUser | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, passwordHash: users.passwordHash, organizationId: memberships.organizationId })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(eq(users.email, email.trim().toLowerCase()))
    .orderBy(memberships.createdAt)
    .limit(1);
  if (!row || !(await verifyPassword(password, row.passwordHash))) return null;
  return { userId: row.id, organizationId: row.organizationId, email: row.email, name: row.name };
}
