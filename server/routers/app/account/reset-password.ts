import "server-only";
import { recordAccountAudit } from "@/server/audit/account";
import { z } from "zod";
import { ZPassword } from "@/lib/account-rules";
import { signInKeys, signInSucceeded } from "@/server/auth/sign-in-throttle";
import { env } from "@/server/env";
import { clientAddress } from "@/server/http/client-address";
import { resetPassword } from "@/server/services/users/password-reset";
import { publicProcedure } from "@/server/trpc";
import { ZAccountLinkInput } from "./password-reset-status";

export const ZResetPasswordInput = ZAccountLinkInput.extend({ newPassword: ZPassword.describe("8 to 1024 characters") });

/**
 * Sets a new password with a reset link: every session of the account ends. Does not sign in:
 * the page then calls next-auth's `signIn("credentials")` with the email answered and the new
 * password, so there is one sign-in path. A used, expired or unknown link is GONE.
 */
export const resetPasswordRoute = publicProcedure
  .input(ZResetPasswordInput)
  .output(z.object({ email: z.string().describe("The account's email, to sign in with") }))
  .mutation(async ({ ctx, input }) => {
    const { email } = await ctx.db.transaction(async (tx) => {
      const reset = await resetPassword(tx, input);
      await recordAccountAudit(tx, ctx.headers, reset, "user.password_reset");
      return reset;
    });
    // Whoever forgot a password has often tried it many times from this client: the reset proved
    // the mailbox, so it counts as a sign-in for the throttle, and the sign-in that follows is not refused.
    await signInSucceeded(ctx.db, signInKeys(email, clientAddress(ctx.headers, env().TRUST_PROXY)));
    return { email };
  });
