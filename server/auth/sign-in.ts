import "server-only";
import type { Db, DbOrTx } from "@/db";
import { recordAccountAudit } from "@/server/audit/account";
import { log } from "@/server/log";
import { authenticateUser } from "@/server/services/users/authenticate";
import type { SessionUser } from "@/server/services/users/session-user";
import { signInSucceeded, throttleSignIn } from "./sign-in-throttle";

/** next-auth error codes the sign-in page explains (app/(auth)/sign-in/messages.ts). */
export type SignInError = "CredentialsSignin" | "TooManyAttempts" | "TooManyAttemptsFromClient";

type SignInResult = { user: SessionUser } | { error: SignInError };

/**
 * One email + password attempt from `client` (see server/http/client-address.ts): throttled
 * (sign-in-throttle.ts), then the password is checked. Every failure of the same kind takes
 * the same path, whether the email has an account or not.
 */
export async function signInWithPassword(db: Db, attempt: { email: string; password: string; client: string }): Promise<SignInResult> {
  const decision = await throttleSignIn(db, attempt.email, attempt.client);
  if (decision.refused) {
    log.warn("sign-in refused: too many attempts", { limit: decision.refused === "pair" ? "account and client" : "client" });
    return { error: decision.refused === "pair" ? "TooManyAttempts" : "TooManyAttemptsFromClient" };
  }
  if (decision.delayMs > 0) {
    log.warn("sign-in slowed: many failed attempts on one account", { delayMs: decision.delayMs });
    await new Promise((resolve) => setTimeout(resolve, decision.delayMs));
  }
  const user = await authenticateUser(db, attempt.email, attempt.password);
  if (!user) return { error: "CredentialsSignin" };
  await signInSucceeded(db, decision.keys);
  return { user };
}

/**
 * The audit rows of an attempt: a sign-in, or a failure (wrong password, or refused by the
 * throttle) in the logs of the account's organizations. An address that is no account leaves
 * no row (recordAccountAudit); the server log has the throttle's refusals.
 */
export async function recordSignIn(db: DbOrTx, headers: Headers, email: string, result: SignInResult): Promise<void> {
  if ("user" in result) return recordAccountAudit(db, headers, result.user, "user.signed_in");
  const reason = result.error === "CredentialsSignin" ? "wrong_password" : "too_many_attempts";
  await recordAccountAudit(db, headers, { email }, "user.sign_in_failed", { reason });
}
