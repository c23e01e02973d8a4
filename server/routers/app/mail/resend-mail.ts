import "server-only";
import { z } from "zod";
import { resendMail } from "@/server/mail/manage/resend-mail";
import { toMailLogEntry, ZMailLogEntry } from "@/server/mail/manage/serialize";
import { mailManagerProcedure } from "./mail-manager-procedure";

/** Sends a message of the log again now. */
export const resendMailRoute = mailManagerProcedure
  .input(z.object({ id: z.string().max(64).describe("Message UUID") }))
  .output(ZMailLogEntry)
  .mutation(async ({ ctx, input }) => toMailLogEntry(await resendMail(ctx.db, ctx.manager.organizationId, input.id)));
