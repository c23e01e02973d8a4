import "server-only";
import { z } from "zod";
import type { Db } from "@/db";
import { memberships, organizations, users } from "@/db/schema";
import { hashPassword } from "@/server/services/users/passwords";
import { AppError } from "@/lib/errors";
import { ZEmail, ZOrganizationName, ZPassword, ZPersonName } from "@/lib/account-rules";

export const ZNewUser = z.object({
  email: ZEmail,
  password: ZPassword,
  name: ZPersonName.optional(),
  organizationName: ZOrganizationName.optional(),
});
export type NewUserInput = z.input<typeof ZNewUser>;

/**
 * Creates a user with their own organization (they are its owner), for the admin CLI and
 * tests. A taken email is a 409 with a clear message, never a 500.
 */
export async function createUserWithOrganization(db: Db, input: NewUserInput): Promise<{ userId: number; organizationId: number }> {
  const created = await insertUserWithOrganization(db, input);
  if (!created) throw new AppError("CONFLICT", "An account with this email already exists");
  return created;
}

/**
 * Sign-up: like createUserWithOrganization, but a taken email changes nothing and gets the
 * same answer (nothing), after the same password hashing: sign-up does not tell anyone
 * which emails have accounts. The page then signs in with the password given.
 */
export async function signUpUser(db: Db, input: NewUserInput): Promise<void> {
  await insertUserWithOrganization(db, input);
}

/** The new user and organization, or null when the email is taken. */
async function insertUserWithOrganization(db: Db, input: NewUserInput): Promise<{ userId: number; organizationId: number } | null> {
  const parsed = ZNewUser.safeParse(input);
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "invalid user");
  const { email, password, name, organizationName } = parsed.data;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, name: name ?? "", passwordHash })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!user) return null;
    const [org] = await tx
      .insert(organizations)
      .values({ name: organizationName || `${name || email.split("@")[0]}'s organization` })
      .returning({ id: organizations.id });
    await tx.insert(memberships).values({ userId: user.id, organizationId: org!.id, role: "owner" });
    return { userId: user.id, organizationId: org!.id };
  });
}
