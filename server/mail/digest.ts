import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { MAIL_CHANNEL } from "./outbox";
import { mailSubjectSql } from "./response-mail";

/** A digest covers a day. */
export const DIGEST_PERIOD_S = 86_400;
/** Digests queued by one statement; the worker runs it again while it fills a batch. */
export const DIGEST_BATCH = 200;
/**
 * Responses newer than this are left to the next digest: a submit chooses its time before its
 * statement commits, so the newest moments may still gain responses.
 */
const SETTLE_S = 60;

/**
 * Queues the daily digests that are due, in ONE statement: each member whose digest of a form
 * (form_notifications, mode `digest`) last covered up to `digest_through`, at least a period
 * ago, gets one message counting the form's non-spam responses since then, with a link to its
 * submissions; none when there were none. Every due row moves its `digest_through` on in the
 * same statement, whether mail went or not (a trashed form, a member who left, no responses).
 * Rows another worker is queueing are skipped, and the idempotency key
 * (`digest:<user>:<form>:<UTC date>`) makes at most one digest a day per member and form.
 * Answers how many rows were due (up to `batch`) and how many messages were queued.
 */
export async function queueDigests(
  db: DbOrTx,
  opts: { appUrl: string; periodS?: number; batch?: number },
): Promise<{ due: number; queued: number }> {
  const periodS = opts.periodS ?? DIGEST_PERIOD_S;
  const [row] = await db.execute<{ due: number; queued: number }>(sql`
    with due as (
      select user_id, form_id, digest_through as since from form_notifications
      where mode = 'digest' and digest_through <= now() - make_interval(secs => ${periodS}::float8)
      order by digest_through
      limit ${opts.batch ?? DIGEST_BATCH}
      for update skip locked
    ),
    through as (select now() - make_interval(secs => ${SETTLE_S}::float8) as at),
    counted as (
      select d.user_id, d.form_id, d.since, f.organization_id, f.uuid, f.name, u.email,
        (select count(*) from submissions s
          where s.form_id = d.form_id and not s.spam and s.created_at > d.since and s.created_at <= (select at from through))::int as n
      from due d
      join forms f on f.id = d.form_id and f.trashed_at is null
      join users u on u.id = d.user_id
      join memberships m on m.user_id = u.id and m.organization_id = f.organization_id
    ),
    advanced as (
      update form_notifications n set digest_through = greatest(d.since, (select at from through))
      from due d where n.user_id = d.user_id and n.form_id = d.form_id
      returning 1
    ),
    queued as (
      insert into mail_messages (organization_id, user_id, form_id, kind, to_address, subject, content, idempotency_key)
      select c.organization_id, c.user_id, c.form_id, 'digest', c.email,
        ${mailSubjectSql(sql`c.n || case when c.n = 1 then ' new response to ' else ' new responses to ' end || c.name`)},
        jsonb_build_object('formName', c.name, 'count', c.n,
          'since', to_char(c.since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'formUrl', ${opts.appUrl}::text || '/submissions?form=' || c.uuid),
        'digest:' || c.user_id || ':' || c.form_id || ':' || to_char((select at from through) at time zone 'UTC', 'YYYY-MM-DD')
      from counted c where c.n > 0
      on conflict (idempotency_key) do nothing
      returning 1
    ),
    notified as (select pg_notify(${MAIL_CHANNEL}, '') from (select 1 from queued limit 1) one)
    select (select count(*) from advanced)::int as due, (select count(*) from queued)::int as queued,
      (select count(*) from notified)::int as notified`);
  return { due: row?.due ?? 0, queued: row?.queued ?? 0 };
}
