import "server-only";
import { z } from "zod";
import { MAIL_STATUSES } from "@/db/schema";
import { listMailLog } from "@/server/mail/manage/mail-log";
import { toMailLogEntry, ZMailLogEntry } from "@/server/mail/manage/serialize";
import { pageInfo, ZDashboardPage, ZDashboardPageInfo } from "../inputs";
import { mailManagerProcedure } from "./mail-manager-procedure";

export const ZListMailLogInput = z.object({
  page: ZDashboardPage,
  status: z.enum(MAIL_STATUSES).optional().describe("Only messages in this status"),
});
export const ZListMailLogOutput = ZDashboardPageInfo.extend({ messages: z.array(ZMailLogEntry) });

/** The organization's mail log, newest first. */
export const listMailLogRoute = mailManagerProcedure
  .input(ZListMailLogInput)
  .output(ZListMailLogOutput)
  .query(async ({ ctx, input }) => {
    const { messages, total } = await listMailLog(ctx.db, ctx.manager.organizationId, input);
    return { messages: messages.map(toMailLogEntry), ...pageInfo(input.page, total) };
  });
