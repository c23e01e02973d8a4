import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { memberships, users } from "@/db/schema";
import { textProblem } from "@/lib/values/text";
import { hashPassword, verifyPassword } from "@/server/services/users/passwords";
import type { SessionUser } from "@/server/services/users/session-user";
import { MAX_EMAIL_LENGTH } from "@/lib/account-rules";

/** A hash no password matches, verified when there is no account, so both cases take as long. */
let absentUserHash: Promise<string> | undefined;
const hashForAbsentUser = () => (absentUserHash ??= hashPassword(randomBytes(32).toString("base64")));

/**
 * Email + password sign-in; null on any mismatch (no hint which part was wrong). An unknown
 * email costs the same password hashing as a known one, so timing does not tell them apart.
 */
export async function authenticateUser(db: Db, email: string, password: string): Promise<SessionUser | null> {
  const normalized = email.trim().toLowerCase();
  const [row] =
    // Too long, or text PostgreSQL cannot store: no such account (the hashing below still runs).
    normalized.length > MAX_EMAIL_LENGTH || textProblem(normalized)
      ? []
      : await db
          .select({
            id: users.id,
            email: users.email,
            name: users.name,
            passwordHash: users.passwordHash,
            organizationId: memberships.organizationId,
          })
          .from(users)
          .innerJoin(memberships, eq(memberships.userId, users.id))
          .where(eq(users.email, normalized))
          .orderBy(memberships.createdAt)
          .limit(1);
  const matches = await verifyPassword(password, row?.passwordHash ?? (await hashForAbsentUser()));
  if (!row || !matches) return null;
  return { userId: row.id, organizationId: row.organizationId, email: row.email, name: row.name };
}
