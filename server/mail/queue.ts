import "server-only";
import type { OutboxQueue } from "@/server/outbox/worker";
import { claimDueMail, MAIL_CHANNEL, pruneMailLog, rescueOrphanMail, secondsUntilNextMail, type ClaimedMail } from "./outbox";
import { attemptMail, type MailEngine } from "./send";

/** Mail as an outbox queue: one group (the SMTP server's pool bounds the connections). */
export function mailQueue(engine: MailEngine, opts: { concurrency: number; retentionDays: number }): OutboxQueue<ClaimedMail> {
  return {
    name: "mail",
    channel: MAIL_CHANNEL,
    perGroup: opts.concurrency,
    groupOf: () => "smtp",
    claim: (leaseKey, { max }) => claimDueMail(engine.db, leaseKey, max),
    attempt: (leaseKey, m) => attemptMail(engine, leaseKey, m),
    secondsUntilNextDue: () => secondsUntilNextMail(engine.db),
    rescue: () => rescueOrphanMail(engine.db),
    prune: () => pruneMailLog(engine.db, opts.retentionDays),
  };
}
