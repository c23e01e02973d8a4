import "server-only";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "@/db";
import { memberships, organizations, userSessions, users } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { isUniqueViolation } from "@/server/services/lib/db-errors";
import { hashPassword, verifyPassword } from "@/server/services/users/passwords";

type Who = { userId: number; organizationId: number };

/** The current password, checked before anything that could take the account over changes. */
async function checkCurrentPassword(db: Db, userId: number, password: string): Promise<void> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError("UNAUTHORIZED", "Your account was not found. Sign in again.");
  if (!(await verifyPassword(password, row.passwordHash))) {
    throw new AppError("BAD_REQUEST", "The current password is not correct", { path: ["currentPassword"], reason: "is not correct" });
  }
}

/**
 * Name and email. A new email needs the current password (it is how the account signs in);
 * an email another account has is a 409 at the field.
 */
export async function updateProfile(db: Db, who: Who, input: { name: string; email: string; currentPassword?: string }): Promise<void> {
  const [current] = await db.select({ email: users.email }).from(users).where(eq(users.id, who.userId)).limit(1);
  if (!current) throw new AppError("UNAUTHORIZED", "Your account was not found. Sign in again.");
  const emailChanges = input.email !== current.email;
  if (emailChanges) {
    if (!input.currentPassword) {
      throw new AppError("BAD_REQUEST", "Enter your current password to change your email", {
        path: ["currentPassword"],
        reason: "is required to change the email",
      });
    }
    await checkCurrentPassword(db, who.userId, input.currentPassword);
  }
  try {
    await db
      .update(users)
      .set({ name: input.name, ...(emailChanges ? { email: input.email } : {}) })
      .where(eq(users.id, who.userId));
  } catch (err) {
    if (isUniqueViolation(err, "users_email_unique"))
      throw new AppError("CONFLICT", "Another account uses this email", { path: ["email"], reason: "is taken" });
    throw err;
  }
}

/**
 * A new password; every other session of the user ends in the same transaction (a stolen
 * cookie stops working), the one that asked stays.
 */
export async function changePassword(
  db: Db,
  who: Who,
  input: { currentPassword: string; newPassword: string; keepSessionId: string | undefined },
): Promise<{ endedSessions: number }> {
  await checkCurrentPassword(db, who.userId, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, who.userId));
    const others = input.keepSessionId
      ? and(eq(userSessions.userId, who.userId), ne(userSessions.id, input.keepSessionId))
      : eq(userSessions.userId, who.userId);
    const ended = await tx.delete(userSessions).where(others).returning({ id: userSessions.id });
    return { endedSessions: ended.length };
  });
}

/** The organization's name; owners only. */
export async function renameOrganization(db: Db, who: Who, name: string): Promise<void> {
  const [membership] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, who.userId), eq(memberships.organizationId, who.organizationId)))
    .limit(1);
  if (membership?.role !== "owner")
    throw new AppError("FORBIDDEN", "Only an owner can rename the organization", {
      path: ["organizationName"],
      reason: "can be changed by an owner only",
    });
  await db.update(organizations).set({ name }).where(eq(organizations.id, who.organizationId));
}
