import "server-only";
import { z } from "zod";
import { NOTIFICATION_MODES } from "@/db/schema";
import { mailConfigured } from "@/server/mail/runtime";
import { getFormMailSettings } from "@/server/services/form-mail/settings";
import { sessionProcedure } from "@/server/trpc";
import { ZFormRefInput } from "../forms/outputs";

export const ZNotificationChoice = z.enum([...NOTIFICATION_MODES, "none"]);

export const ZFormMailOutput = z.object({
  notifications: ZNotificationChoice.describe("The signed-in member's mail about new responses: each one, a daily digest, or none"),
  receipt: z
    .object({
      enabled: z.boolean(),
      emailField: z.string().describe("Id of the email question whose answer gets the receipt"),
      subject: z.string(),
      message: z.string().describe("Plain text with {{field label}} placeholders"),
      includeAnswers: z.boolean(),
      replyTo: z.string().nullable().describe("Email of the member replies go to; null once that member is gone"),
    })
    .nullable()
    .describe("The form's receipt to respondents; null when never set up"),
  emailQuestions: z.array(z.object({ id: z.string(), label: z.string() })).describe("The published form's email questions"),
  placeholderLabels: z.array(z.string()).describe("The labels {{…}} may name"),
  mailConfigured: z.boolean().describe("Whether a mail server is configured (SMTP_URL); without one, messages are logged as not sent"),
});

/** A form's mail settings on its page: the member's notifications and the form's receipt. */
export const getFormMailRoute = sessionProcedure
  .input(ZFormRefInput)
  .output(ZFormMailOutput)
  .query(async ({ ctx, input }) => ({
    ...(await getFormMailSettings(ctx.db, ctx.access, ctx.session.userId, input.formUuid)),
    mailConfigured: mailConfigured(),
  }));
