import "server-only";
import { sendTestMail } from "@/server/mail/manage/send-test-mail";
import { toMailLogEntry, ZMailLogEntry } from "@/server/mail/manage/serialize";
import { mailManagerProcedure } from "./mail-manager-procedure";

/** Sends a test message to the signed-in member now and answers it with its outcome. */
export const sendTestMailRoute = mailManagerProcedure
  .output(ZMailLogEntry)
  .mutation(async ({ ctx }) => toMailLogEntry(await sendTestMail(ctx.db, ctx.manager)));
