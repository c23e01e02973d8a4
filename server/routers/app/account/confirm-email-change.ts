import "server-only";
import { recordAccountAudit } from "@/server/audit/account";
import { z } from "zod";
import { confirmEmailChange } from "@/server/services/users/email-change";
import { publicProcedure } from "@/server/trpc";
import { ZAccountLinkInput } from "./password-reset-status";

/**
 * Opens the link mailed to a new email: the account's email becomes it (signed in or not; the
 * link is the proof). 409 when another account took the address meanwhile, GONE for a used,
 * expired or unknown link.
 */
export const confirmEmailChangeRoute = publicProcedure
  .input(ZAccountLinkInput)
  .output(z.object({ email: z.string().describe("The account's sign-in email now") }))
  .mutation(({ ctx, input }) =>
    ctx.db.transaction(async (tx) => {
      const { email, changed } = await confirmEmailChange(tx, input.token);
      if (changed) await recordAccountAudit(tx, ctx.headers, changed, "user.email_changed", { from: changed.from, to: changed.to });
      return { email };
    }),
  );
