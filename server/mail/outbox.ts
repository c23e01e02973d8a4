import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { MailKind } from "@/db/schema";
import { LEASE_CLASS } from "@/server/outbox/lease";

/**
 * How often the mail worker looks for due messages unwoken: a response's mail is queued without
 * a NOTIFY (server/mail/response-mail.ts), so it leaves within about this long.
 */
export const MAIL_POLL_MS = 1000;

/** The NOTIFY channel a committed message wakes the workers on (account mail, tests, resends). */
export const MAIL_CHANNEL = "formhouse_mail";

/** Said in the log of a message kept while no mail server is configured. */
export const NOT_CONFIGURED_REPLY = "Not sent: no mail server configured (set SMTP_URL)";

/** A claimed message with what its attempt needs. */
export type ClaimedMail = {
  id: string;
  kind: MailKind;
  toAddress: string;
  replyTo: string | null;
  subject: string;
  content: Record<string, unknown>;
  userId: number | null;
  formId: number | null;
  attempts: number;
  /** The request that caused the message, if one did: the attempt's log lines carry its id. */
  requestId: string | null;
};

type Row = {
  id: string;
  kind: MailKind;
  to_address: string;
  reply_to: string | null;
  subject: string;
  content: Record<string, unknown>;
  user_id: number | null;
  form_id: number | null;
  attempts: number;
  request_id: string | null;
};

const toClaimed = (r: Row): ClaimedMail => ({
  id: r.id,
  kind: r.kind,
  toAddress: r.to_address,
  replyTo: r.reply_to,
  subject: r.subject,
  content: r.content,
  userId: r.user_id,
  formId: r.form_id,
  attempts: r.attempts,
  requestId: r.request_id,
});

/** Claims up to `max` due messages for `leaseKey`, oldest due first, skipping rows another worker is claiming. */
export async function claimDueMail(db: DbOrTx, leaseKey: number, max: number): Promise<ClaimedMail[]> {
  if (max <= 0) return [];
  const rows = await db.execute<Row>(sql`
    with picked as (
      select id from mail_messages
      where status = 'pending' and locked_by is null and next_attempt_at <= now()
      order by next_attempt_at
      limit ${max}
      for update skip locked
    )
    update mail_messages m set locked_by = ${leaseKey}, locked_at = now()
    from picked where m.id = picked.id
    returning m.id, m.kind, m.to_address, m.reply_to, m.subject, m.content, m.user_id, m.form_id, m.attempts, m.request_id`);
  return rows.map(toClaimed);
}

/** A message this lease holds (written already claimed: a test message), ready for its attempt; null when it is not ours. */
export async function loadClaimedMail(db: DbOrTx, leaseKey: number, id: string): Promise<ClaimedMail | null> {
  const [row] = await db.execute<Row>(sql`
    select id, kind, to_address, reply_to, subject, content, user_id, form_id, attempts, request_id
    from mail_messages where id = ${id} and locked_by = ${leaseKey}`);
  return row ? toClaimed(row) : null;
}

/**
 * The outcome of an attempt, written only while the row is still ours. `next` is
 * `sent`, `failed`, `unsent` or a retry in `retryInS` seconds. A message that will not be
 * tried again loses its one-time link (`content.secret`).
 */
export async function recordMailOutcome(
  db: DbOrTx,
  leaseKey: number,
  id: string,
  outcome: { status: "sent" | "failed" | "unsent" } | { status: "pending"; retryInS: number },
  reply: string,
): Promise<void> {
  const retryInS = outcome.status === "pending" ? outcome.retryInS : null;
  const attempted = outcome.status !== "unsent";
  await db.execute(sql`
    update mail_messages set
      status = ${outcome.status}, last_reply = ${reply}, locked_by = null, locked_at = null,
      attempts = attempts + ${attempted ? 1 : 0}::int,
      last_attempt_at = case when ${attempted}::boolean then now() else last_attempt_at end,
      sent_at = case when ${outcome.status} = 'sent' then now() end,
      next_attempt_at = case when ${retryInS}::float8 is not null then now() + make_interval(secs => ${retryInS}::float8) end,
      content = case when ${outcome.status} = 'pending' then content else content - 'secret' end
    where id = ${id} and locked_by = ${leaseKey}`);
}

/**
 * Hands back the rows of senders that are gone (their lease lock is free, or — a backstop —
 * they were claimed so long ago no attempt can still run). Due at once; the interrupted
 * attempt counts as one, with INTERRUPTED_SEND as its reply, so the mail log shows the next as
 * a retry. The message keeps its id, so a copy the server had already
 * accepted goes out again with the same Message-ID, which mail clients show once.
 */
export const INTERRUPTED_SEND = "Interrupted: the process sending it stopped before the answer was recorded; sent again";

export async function rescueOrphanMail(db: DbOrTx, staleAfterS = 300): Promise<number> {
  const rows = await db.execute<{ id: string }>(sql`
    with owners as (select distinct locked_by as k from mail_messages where locked_by is not null),
    dead as (select k from owners where pg_try_advisory_xact_lock(${LEASE_CLASS}, k))
    update mail_messages set locked_by = null, locked_at = null, next_attempt_at = now(),
      attempts = attempts + 1, last_reply = ${INTERRUPTED_SEND}
    where locked_by is not null
      and (locked_by in (select k from dead) or locked_at < now() - make_interval(secs => ${staleAfterS}::float8))
    returning id`);
  return rows.length;
}

/** Seconds until the next pending message is due (0 if one is due now); null when none waits. */
export async function secondsUntilNextMail(db: DbOrTx): Promise<number | null> {
  const [row] = await db.execute<{ s: number }>(sql`
    select extract(epoch from (next_attempt_at - now()))::float8 as s
    from mail_messages where status = 'pending' and locked_by is null
    order by next_attempt_at limit 1`);
  return row ? Math.max(0, row.s) : null;
}

/** Removes up to `batch` finished messages older than `retentionDays`; pending ones stay. */
export async function pruneMailLog(db: DbOrTx, retentionDays: number, batch = 5000): Promise<number> {
  const rows = await db.execute<{ id: string }>(sql`
    delete from mail_messages where id in (
      select id from mail_messages
      where status <> 'pending' and locked_by is null and created_at < now() - make_interval(days => ${retentionDays}::int)
      limit ${batch})
    returning id`);
  return rows.length;
}
