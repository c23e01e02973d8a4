import "server-only";
import { runAsRequest } from "@/server/http/request-id";
import type { Db } from "@/db";
import { logError } from "@/server/log";
import { retryDelaySeconds } from "@/server/outbox/schedule";
import { NOT_CONFIGURED_REPLY, recordMailOutcome, type ClaimedMail } from "./outbox";
import { renderMail } from "./templates/messages";
import type { MailTransport } from "./transport";
import { unsubscribeHeaders } from "./unsubscribe";

export type MailEngine = {
  db: Db;
  /** null: no mail server configured; messages are kept as not sent. */
  transport: MailTransport | null;
  from: string;
  appUrl: string;
  /** Seconds to wait after each failed attempt (MAIL_RETRY_SCHEDULE). */
  schedule: readonly number[];
  /** The host part of Message-IDs. */
  messageIdHost: string;
};

/**
 * One attempt of a claimed message: rendered from its row, handed to the SMTP server, the
 * outcome recorded — sent, a retry on the schedule, failed for good on a 5xx to the message
 * or when the schedule is used up — or kept as not sent while no server is configured.
 */
export async function attemptMail(engine: MailEngine, leaseKey: number, m: ClaimedMail): Promise<{ ok: boolean }> {
  // Logged as the request that caused the message (server/http/request-id.ts).
  return m.requestId ? runAsRequest(m.requestId, () => sendMailAttempt(engine, leaseKey, m)) : sendMailAttempt(engine, leaseKey, m);
}

async function sendMailAttempt(engine: MailEngine, leaseKey: number, m: ClaimedMail): Promise<{ ok: boolean }> {
  if (!engine.transport) {
    await recordMailOutcome(engine.db, leaseKey, m.id, { status: "unsent" }, NOT_CONFIGURED_REPLY);
    return { ok: true };
  }
  let outcome;
  try {
    const unsubscribe = m.userId && m.formId ? await unsubscribeHeaders(engine.db, engine.appUrl, m.userId, m.formId) : null;
    const { html, text } = renderMail(m.kind, m.content, { appUrl: engine.appUrl, unsubscribeUrl: unsubscribe?.url });
    outcome = await engine.transport.send({
      messageId: `<${m.id}@${engine.messageIdHost}>`,
      from: engine.from,
      to: m.toAddress,
      replyTo: m.replyTo ?? undefined,
      subject: m.subject,
      text,
      html,
      headers: unsubscribe?.headers,
    });
  } catch (err) {
    logError("mail could not be rendered", err, { mailId: m.id });
    outcome = { ok: false as const, reply: "Not sent: the message could not be rendered", permanent: true };
  }
  if (outcome.ok) {
    await recordMailOutcome(engine.db, leaseKey, m.id, { status: "sent" }, outcome.reply);
    return { ok: true };
  }
  const retryInS = outcome.permanent ? null : retryDelaySeconds(engine.schedule, m.attempts + 1, null);
  await recordMailOutcome(
    engine.db,
    leaseKey,
    m.id,
    retryInS === null ? { status: "failed" } : { status: "pending", retryInS },
    outcome.reply,
  );
  return { ok: retryInS === null };
}
