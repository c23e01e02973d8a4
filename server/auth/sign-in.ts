import "server-only";
import type { Db } from "@/db";
import { log } from "@/server/log";
import { authenticateUser } from "@/server/services/users/authenticate";
import type { SessionUser } from "@/server/services/users/session-user";
import { signInSucceeded, throttleSignIn } from "./sign-in-throttle";

/** next-auth error codes the sign-in page explains (app/(auth)/sign-in/messages.ts). */
export type SignInError = "CredentialsSignin" | "TooManyAttempts" | "TooManyAttemptsFromClient";

/**
 * One email + password attempt from `client` (see server/http/client-address.ts): throttled
 * (sign-in-throttle.ts), then the password is checked. Every failure of the same kind takes
 * the same path, whether the email has an account or not.
 */
export async function signInWithPassword(
  db: Db,
  attempt: { email: string; password: string; client: string },
): Promise<{ user: SessionUser } | { error: SignInError }> {
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
