import "server-only";
import { z } from "zod";
import { ZEmail, ZPersonName } from "@/lib/account-rules";
import { updateProfile } from "@/server/services/users/update-account";
import { sessionProcedure } from "@/server/trpc";

export const ZUpdateProfileInput = z.object({
  name: ZPersonName.describe("The person's name, shown in the dashboard"),
  email: ZEmail.describe("Sign-in email; stored lower-cased"),
  currentPassword: z.string().max(1024).optional().describe("Needed when the email changes"),
});

/** The signed-in user's name and email (a new email needs the current password). */
export const updateProfileRoute = sessionProcedure
  .input(ZUpdateProfileInput)
  .output(z.object({ updated: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await updateProfile(ctx.db, ctx.session, input);
    return { updated: true as const };
  });
