import "server-only";
import { recordAccountAudit } from "@/server/audit/account";
import { z } from "zod";
import { ZEmail, ZPersonName } from "@/lib/account-rules";
import { mailConfigured } from "@/server/mail/runtime";
import { getAccountOrThrow } from "@/server/services/users/get-account";
import { updateProfile } from "@/server/services/users/update-account";
import { sessionProcedure } from "@/server/trpc";

export const ZUpdateProfileInput = z.object({
  name: ZPersonName.describe("The person's name, shown in the dashboard"),
  email: ZEmail.describe("Sign-in email; stored lower-cased"),
  currentPassword: z.string().max(1024).optional().describe("Needed when the email changes"),
});

/**
 * The signed-in user's name and email (a new email needs the current password). With a mail
 * server configured a new email waits for the link sent to it (updateProfile says why).
 */
export const updateProfileRoute = sessionProcedure
  .input(ZUpdateProfileInput)
  .output(
    z.object({
      updated: z.literal(true),
      confirmationSentTo: z.string().optional().describe("The new email a confirmation link went to; the email changes when it is opened"),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const { confirmationSentTo } = await ctx.db.transaction(async (tx) => {
      const before = await getAccountOrThrow(tx, ctx.session);
      const updated = await updateProfile(tx, ctx.session, input, { confirmByMail: mailConfigured() });
      const to = updated.confirmationSentTo;
      if (to) {
        await recordAccountAudit(tx, ctx.headers, ctx.session, "user.email_change_requested", { to });
      } else if (input.email !== before.email) {
        await recordAccountAudit(tx, ctx.headers, ctx.session, "user.email_changed", { from: before.email, to: input.email });
      }
      return updated;
    });
    return { updated: true as const, ...(confirmationSentTo && { confirmationSentTo }) };
  });
