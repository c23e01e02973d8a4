import "server-only";
import { z } from "zod";
import { isPasswordResetUsable } from "@/server/services/users/password-reset";
import { publicProcedure } from "@/server/trpc";

export const ZAccountLinkInput = z.object({ token: z.string().max(200).describe("The token of the mailed link") });

/** Whether a reset link can still set a password: the reset page asks before it shows its form. */
export const passwordResetStatusRoute = publicProcedure
  .input(ZAccountLinkInput)
  .output(z.object({ usable: z.boolean().describe("Unused and not expired") }))
  .query(async ({ ctx, input }) => ({ usable: await isPasswordResetUsable(ctx.db, input.token) }));
