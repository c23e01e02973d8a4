import "server-only";
import { z } from "zod";
import { ZEmail } from "@/lib/account-rules";
import { env } from "@/server/env";
import { clientAddress } from "@/server/http/client-address";
import { requestPasswordReset } from "@/server/services/users/password-reset";
import { publicProcedure } from "@/server/trpc";

export const ZRequestPasswordResetInput = z.object({ email: ZEmail.describe("The account's sign-in email") });

/**
 * "Forgot password": a reset link goes to the address if an account uses it. The answer is the
 * same either way (no enumeration); RESETS_PER_ADDRESS an hour per address and
 * RESETS_PER_CLIENT per client, then a 429 (server/services/users/password-reset.ts).
 */
export const requestPasswordResetRoute = publicProcedure
  .input(ZRequestPasswordResetInput)
  .output(z.void())
  .mutation(async ({ ctx, input }) => {
    await requestPasswordReset(ctx.db, { email: input.email, client: clientAddress(ctx.headers, env().TRUST_PROXY) });
  });
