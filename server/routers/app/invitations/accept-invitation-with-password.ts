import "server-only";
import { z } from "zod";
import { ZPassword, ZPersonName } from "@/lib/account-rules";
import { AppError } from "@/lib/errors";
import { signInWithPassword } from "@/server/auth/sign-in";
import { throttleSignUp } from "@/server/auth/sign-up-throttle";
import { env } from "@/server/env";
import { clientAddress } from "@/server/http/client-address";
import { acceptInvitation, signUpInvited, viewInvitation } from "@/server/services/members/invitations";
import { publicProcedure } from "@/server/trpc";
import { ZInvitationToken, ZJoined } from "./outputs";

const SIGN_IN_REFUSALS = {
  CredentialsSignin: ["UNAUTHORIZED", "That password is not right for this account"],
  TooManyAttempts: ["TOO_MANY_REQUESTS", "Too many failed attempts: wait a few minutes, or reset your password"],
  TooManyAttemptsFromClient: ["TOO_MANY_REQUESTS", "Too many failed attempts from your network: wait a few minutes"],
} as const;

/**
 * Accepting without being signed in: the invited address's password (the account is checked as
 * a sign-in is, throttled the same), or for an address without an account a new password, which
 * makes the account (sign-up is open to invitations whatever SIGNUP says). Does not sign in:
 * the page then signs in with the invited address and the password, as sign-up does.
 */
export const acceptInvitationWithPasswordRoute = publicProcedure
  .input(ZInvitationToken.extend({ password: ZPassword, name: ZPersonName.default("") }))
  .output(ZJoined.extend({ email: z.string().describe("The invited address, to sign in with") }))
  .mutation(async ({ ctx, input }) => {
    const client = clientAddress(ctx.headers, env().TRUST_PROXY);
    const invitation = await viewInvitation(ctx.db, input.token);
    if (invitation.state === "gone") throw new AppError("GONE", invitation.message);
    if (!invitation.hasAccount) {
      await throttleSignUp(ctx.db, client);
      return signUpInvited(ctx.db, input.token, { password: input.password, name: input.name });
    }
    const signedIn = await signInWithPassword(ctx.db, { email: invitation.email, password: input.password, client });
    if ("error" in signedIn) {
      const [code, message] = SIGN_IN_REFUSALS[signedIn.error];
      throw new AppError(code, message, { path: ["password"] });
    }
    return { ...(await acceptInvitation(ctx.db, signedIn.user, input.token)), email: invitation.email };
  });
