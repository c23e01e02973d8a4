import "server-only";
import type { OutboxQueue } from "@/server/outbox/worker";
import { claimDueMail, MAIL_CHANNEL, pruneMailLog, rescueOrphanMail, secondsUntilNextMail, type ClaimedMail } from "./outbox";
import { attemptMail, type MailEngine } from "./send";
import { DIGEST_BATCH, queueDigests } from "./digest";
import { PRUNE_BATCH, prunePartials } from "@/server/services/survey/partial-responses";
import { pruneResumeLinks } from "@/server/services/survey/resume-links";

/** How often a worker looks for due digests (each instance may: the statement skips rows another is queueing). */
const DIGESTS_EVERY_MS = 60_000;

/** Mail as an outbox queue: one group (the SMTP server's pool bounds the connections); its housekeeping queues the digests. */
export function mailQueue(engine: MailEngine, opts: { concurrency: number; retentionDays: number }): OutboxQueue<ClaimedMail> {
  let digestsAt = 0;
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
    async housekeeping() {
      if (Date.now() - digestsAt < DIGESTS_EVERY_MS) return;
      digestsAt = Date.now();
      // Batch after batch while they come full, bounded per run like the log's pruning.
      for (let i = 0; i < 50 && (await queueDigests(engine.db, { appUrl: engine.appUrl })).due === DIGEST_BATCH; i++);
      // Partial responses past their retention go on the same beat, batch after batch like the log's pruning.
      for (let i = 0; i < 50 && (await prunePartials(engine.db)) === PRUNE_BATCH; i++);
      // Links to continue past their end (a pruned partial takes its own links with it).
      for (let i = 0; i < 50 && (await pruneResumeLinks(engine.db, PRUNE_BATCH)) === PRUNE_BATCH; i++);
    },
  };
}
