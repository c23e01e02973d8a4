import "server-only";
import { recordAccountAudit } from "@/server/audit/account";
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
    ctx.db.transaction(async (tx) => {
      const changed = await changePassword(tx, ctx.session, {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        keepSessionId: ctx.session.sessionId,
      });
      await recordAccountAudit(tx, ctx.headers, ctx.session, "user.password_changed", { endedSessions: changed.endedSessions });
      return changed;
    }),
  );
