import "server-only";
import { z } from "zod";
import { ZPassword } from "@/lib/account-rules";
import { changePassword } from "@/server/services/users/update-account";
import { sessionProcedure } from "@/server/trpc";

export const ZChangePasswordInput = z.object({
  currentPassword: z.string().min(1, { error: "Enter your current password" }).max(1024).describe("The password used now"),
  newPassword: ZPassword.describe("8 to 1024 characters"),
});

/** A new password; the user's other sessions end, this one stays signed in. */
export const changePasswordRoute = sessionProcedure
  .input(ZChangePasswordInput)
  .output(z.object({ endedSessions: z.number().int().describe("Other sessions signed out") }))
  .mutation(({ ctx, input }) =>
    changePassword(ctx.db, ctx.session, {
      currentPassword: input.currentPassword,
      newPassword: input.newPassword,
      keepSessionId: ctx.session.sessionId,
    }),
  );
