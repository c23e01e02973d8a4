import "server-only";
import { z } from "zod";
import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db";
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

export const SIGN_UP_CLOSED = "Sign-up is by invitation only here: ask an admin of your team to invite you";

/** Whether an instance whose sign-up is invite-only still takes a public sign-up: only while it has no user. */
export async function publicSignUpOpen(db: DbOrTx, mode: "open" | "invite-only"): Promise<boolean> {
  if (mode === "open") return true;
  const [row] = await db.execute<{ empty: boolean }>(sql`select not exists (select 1 from users) as empty`);
  return row?.empty === true;
}

/**
 * Sign-up: like createUserWithOrganization, but a taken email changes nothing and gets the
 * same answer (nothing), after the same password hashing: sign-up does not tell anyone
 * which emails have accounts. The page then signs in with the password given. With sign-up
 * `invite-only` it is a 403, but for the first user of an empty instance (its owner).
 */
export async function signUpUser(db: DbOrTx, input: NewUserInput, mode: "open" | "invite-only" = "open"): Promise<void> {
  await insertUserWithOrganization(db, input, mode);
}

/** The new user and organization, or null when the email is taken. */
async function insertUserWithOrganization(
  db: DbOrTx,
  input: NewUserInput,
  mode: "open" | "invite-only" = "open",
): Promise<{ userId: number; organizationId: number } | null> {
  const parsed = ZNewUser.safeParse(input);
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "invalid user");
  const { email, password, name, organizationName } = parsed.data;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    if (mode === "invite-only") {
      // One first user: two sign-ups on an empty instance take turns.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('formhouse:first-user'))`);
      if (!(await publicSignUpOpen(tx, mode))) throw new AppError("FORBIDDEN", SIGN_UP_CLOSED);
    }
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
