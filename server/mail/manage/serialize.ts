import "server-only";
import { z } from "zod";
import { MAIL_KINDS, MAIL_STATUSES } from "@/db/schema";
import type { MailLogRow } from "./mail-log";
import { resendRefusal } from "./rules";

/** A message as the mail log shows it: who, what, how it went. Never its body or a link. */
export const ZMailLogEntry = z.object({
  id: z.string().describe("Message UUID; also the local part of its Message-ID"),
  kind: z.enum(MAIL_KINDS).describe("Why it was sent"),
  to: z.string().describe("Recipient address"),
  subject: z.string(),
  status: z
    .enum(MAIL_STATUSES)
    .describe(
      "pending: waiting for an attempt; sent: the mail server accepted it; failed: refused, or the retries ran out; " +
        "unsent: no mail server was configured; capped: a receipt over its limit",
    ),
  attempts: z.number().int().describe("Attempts made"),
  lastReply: z.string().nullable().describe("The mail server's last reply, or the connection's error, as it said it"),
  nextAttemptAt: z.string().nullable().describe("When the next attempt is due (pending only), ISO 8601"),
  createdAt: z.string().describe("ISO 8601"),
  sentAt: z.string().nullable().describe("When the mail server accepted it, ISO 8601"),
  resendRefusal: z.string().nullable().describe("Why it cannot be sent again; null when Resend is offered"),
});

export type MailLogEntry = z.infer<typeof ZMailLogEntry>;

export const toMailLogEntry = (m: MailLogRow): MailLogEntry => ({
  id: m.id,
  kind: m.kind,
  to: m.toAddress,
  subject: m.subject,
  status: m.status,
  attempts: m.attempts,
  lastReply: m.lastReply,
  nextAttemptAt: m.status === "pending" && m.nextAttemptAt ? m.nextAttemptAt.toISOString() : null,
  createdAt: m.createdAt.toISOString(),
  sentAt: m.sentAt?.toISOString() ?? null,
  resendRefusal: resendRefusal(m.kind),
});
