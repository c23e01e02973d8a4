import "server-only";
import { sql, type Placeholder, type SQL } from "drizzle-orm";

/** The values a submit hands its statement for the mail it may cause (placeholders of a prepared statement). */
export type ResponseMailParams = {
  formId: Placeholder;
  submissionId: Placeholder;
  spam: Placeholder;
  /** The answers as the submit stored them (jsonb), where a receipt finds its address. */
  data: Placeholder;
  /** answerLines() as JSON: the notification's body, and the receipt's when it includes the answers. */
  answers: Placeholder;
  /** placeholderValues() as JSON: what {{field label}} stands for. */
  values: Placeholder;
  /** The response's page in the dashboard. */
  submissionUrl: Placeholder;
  receiptsPerFormPerHour: Placeholder;
  receiptsPerRecipientPerDay: Placeholder;
  /** The submit request's X-Request-Id, kept on each message for the worker's log lines. */
  requestId: Placeholder;
};

/** A subject on one line, at most 200 characters (control characters, CR and LF among them, become spaces). */
export const mailSubjectSql = (text: SQL) => sql`left(btrim(regexp_replace(${text}, '[[:cntrl:]]+', ' ', 'g')), 200)`;

/**
 * CTEs for the submit's own statement (create-submission.ts), so a response's mail commits with
 * it in the same round trip: `notify_mail` queues "each new response" mail to every member who
 * asked for it, `receipt_mail` the respondent's receipt when the form has one and the answer
 * of its email field is an address. Receipts are counted per form per hour and per address per
 * day from the log itself (two bounded index scans; a counter row per form would make every
 * submit to a busy form wait on the one before it); one over a cap is kept in the log as
 * capped, never sent. Concurrent submits may each see the count below the cap, so a burst can
 * pass it by at most the number of submits in flight. `gate` must yield a row: the submission
 * was stored. Spam causes no mail. Idempotency keys make one message per response and recipient.
 *
 * No NOTIFY here: PostgreSQL serialises the commits of every transaction that notifies (its
 * queue is written in commit order), which cut the store's rate on one form to a quarter
 * (BENCHMARKS.md § Mail). The mail worker looks for due messages every MAIL_POLL_MS instead.
 */
export function responseMailCtes(p: ResponseMailParams, gate: SQL): SQL {
  return sql`notify_mail as (
      insert into mail_messages (organization_id, user_id, form_id, kind, to_address, subject, content, idempotency_key, request_id)
      select f.organization_id, u.id, f.id, 'notification', u.email, ${mailSubjectSql(sql`'New response: ' || f.name`)},
        jsonb_build_object('formName', f.name, 'answers', ${p.answers}::jsonb, 'submissionUrl', ${p.submissionUrl}::text),
        'notification:' || ${p.submissionId}::text || ':' || u.id, ${p.requestId}::text
      from form_notifications n
      join forms f on f.id = n.form_id
      join users u on u.id = n.user_id
      join memberships m on m.user_id = u.id and m.organization_id = f.organization_id
      where n.form_id = ${p.formId}::int and n.mode = 'each' and not ${p.spam}::boolean and exists (${gate})
      returning 1
    ),
    receipt_to as (
      select r.form_id, f.organization_id, f.name as form_name, r.subject, r.message, r.include_answers, ru.email as reply_to,
        btrim(${p.data}::jsonb ->> r.email_field) as address
      from form_receipts r
      join forms f on f.id = r.form_id
      left join users ru on ru.id = r.reply_to_user_id
      where r.form_id = ${p.formId}::int and r.enabled and not ${p.spam}::boolean and exists (${gate})
        and btrim(${p.data}::jsonb ->> r.email_field) ~ '^[^@[:space:][:cntrl:]]+@[^@[:space:][:cntrl:]]+$'
    ),
    receipt_cap as (
      select case
        when (select count(*) from (
            select 1 from mail_messages m, receipt_to t
            where m.form_id = t.form_id and m.kind = 'receipt' and m.status <> 'capped' and m.created_at > now() - interval '1 hour'
            limit ${p.receiptsPerFormPerHour}::int) f) >= ${p.receiptsPerFormPerHour}::int
          then 'Not sent: this form reached its limit of ' || ${p.receiptsPerFormPerHour}::int || ' receipts an hour'
        when (select count(*) from (
            select 1 from mail_messages m, receipt_to t
            where lower(m.to_address) = lower(t.address) and m.kind = 'receipt' and m.status <> 'capped'
              and m.created_at > now() - interval '1 day'
            limit ${p.receiptsPerRecipientPerDay}::int) r) >= ${p.receiptsPerRecipientPerDay}::int
          then 'Not sent: this address reached its limit of ' || ${p.receiptsPerRecipientPerDay}::int || ' receipts a day'
      end as reason
    ),
    receipt_mail as (
      insert into mail_messages (organization_id, form_id, kind, to_address, reply_to, subject, content, idempotency_key, status,
        last_reply, next_attempt_at, request_id)
      select t.organization_id, t.form_id, 'receipt', t.address, t.reply_to,
        ${mailSubjectSql(sql`formhouse_fill_placeholders(t.subject, ${p.values}::jsonb)`)},
        jsonb_build_object('formName', t.form_name, 'message', formhouse_fill_placeholders(t.message, ${p.values}::jsonb),
          'answers', case when t.include_answers then ${p.answers}::jsonb end),
        'receipt:' || ${p.submissionId}::text,
        case when c.reason is null then 'pending' else 'capped' end, c.reason,
        case when c.reason is null then now() end, ${p.requestId}::text
      from receipt_to t cross join receipt_cap c
      returning status
    )`;
}
