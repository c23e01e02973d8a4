import "server-only";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { emailChangeRequests, memberships, organizations, passwordResetTokens, userSessions, users } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { isUniqueViolation } from "@/server/services/lib/db-errors";
import { requestEmailChange, throttleEmailChange } from "@/server/services/users/email-change";
import { hashPassword, verifyPassword } from "@/server/services/users/passwords";

type Who = { userId: number; organizationId: number };

/** The current password, checked before anything that could take the account over changes. */
async function checkCurrentPassword(db: DbOrTx, userId: number, password: string): Promise<void> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError("UNAUTHORIZED", "Your account was not found. Sign in again.");
  if (!(await verifyPassword(password, row.passwordHash))) {
    throw new AppError("BAD_REQUEST", "The current password is not correct", { path: ["currentPassword"], reason: "is not correct" });
  }
}

/**
 * Name and email. A new email needs the current password (it is how the account signs in);
 * an email another account has is a 409 at the field.
 *
 * With `confirmByMail` (a mail server is configured) the email does not change here: a link
 * goes to the new address (email-change.ts), and the email changes when it is opened. The
 * email is where password reset links go, so an address nobody proved to read — a typo, or
 * one chosen by someone who learnt the password — would hand the account to whoever reads it;
 * the confirmation shows the address is the user's, and the old address hears of the change.
 * Without a mail server no link could ever arrive, and a confirmation would mean an email
 * that can never change: there the current password alone allows it, at once, as before.
 * The name is saved at once either way. Answers the address a link went to, if one did.
 */
export async function updateProfile(
  db: DbOrTx,
  who: Who,
  input: { name: string; email: string; currentPassword?: string },
  opts: { confirmByMail: boolean },
): Promise<{ confirmationSentTo?: string }> {
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
  if (emailChanges && opts.confirmByMail) {
    // Taken now is said now, as without mail; taken by the time the link is opened is said then.
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
    if (taken) throw emailTaken();
    await throttleEmailChange(db, who.userId);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ name: input.name }).where(eq(users.id, who.userId));
      await requestEmailChange(tx, who.userId, input.email);
    });
    return { confirmationSentTo: input.email };
  }
  try {
    await db
      .update(users)
      .set({ name: input.name, ...(emailChanges ? { email: input.email } : {}) })
      .where(eq(users.id, who.userId));
  } catch (err) {
    if (isUniqueViolation(err, "users_email_unique")) throw emailTaken();
    throw err;
  }
  return {};
}

const emailTaken = () => new AppError("CONFLICT", "Another account uses this email", { path: ["email"], reason: "is taken" });

/**
 * A new password; every other session of the user ends in the same transaction (a stolen
 * cookie stops working), the one that asked stays. Pending email changes and reset links are
 * void too: one an intruder asked for with the old password must not outlive the change
 * (resetPassword does the same).
 */
export async function changePassword(
  db: DbOrTx,
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
    await tx
      .update(emailChangeRequests)
      .set({ usedAt: new Date() })
      .where(and(eq(emailChangeRequests.userId, who.userId), isNull(emailChangeRequests.usedAt)));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, who.userId), isNull(passwordResetTokens.usedAt)));
    return { endedSessions: ended.length };
  });
}

/** The organization's name; owners only. */
export async function renameOrganization(db: DbOrTx, who: Who, name: string): Promise<void> {
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
