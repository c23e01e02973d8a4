import "server-only";
import { z } from "zod";
import { getMailSettings } from "@/server/mail/manage/mail-settings";
import { mailManagerProcedure } from "./mail-manager-procedure";

export const ZMailSettingsOutput = z.object({
  on: z.boolean().describe("Whether a mail server is configured (SMTP_URL)"),
  transport: z.string().nullable().describe("The mail server: scheme, host, port and TLS mode, never its login; null when mail is off"),
  from: z.string().describe("The From of every message"),
  certificateUnchecked: z.boolean().describe("SMTP_TLS_ALLOW_UNVERIFIED is on: the server's certificate is not checked"),
  pending: z.number().int().describe("Messages of the log waiting for an attempt"),
  failed: z.number().int().describe("Messages of the log that failed for good"),
  testRecipient: z.string().describe("Where Send test email sends: the signed-in member's address"),
});

/** How this instance sends mail, and the organization's messages waiting or failed. */
export const getMailSettingsRoute = mailManagerProcedure
  .output(ZMailSettingsOutput)
  .query(async ({ ctx }) => ({ ...(await getMailSettings(ctx.db, ctx.manager.organizationId)), testRecipient: ctx.manager.email }));
