import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { RESUME_LINK_DAYS } from "@/lib/survey/save-later";
import { surveyPath, uniqueLinkPath } from "@/lib/app-paths";
import { MAIL_CHANNEL } from "@/server/mail/outbox";
import { headerText } from "@/server/mail/header-text";
import { currentRequestId } from "@/server/http/request-id";
import { mailSubjectSql } from "@/server/mail/response-mail";
import type { MailContent } from "@/server/mail/templates/messages";
import { accountLinkTokenHash, newAccountLinkToken } from "@/server/services/users/account-links";
import { resumeLinkUrl } from "@/server/urls";
import { respondentKey } from "./partial-responses";

/**
 * Links to continue a partial response later ("Save and continue later"): 32 random bytes in
 * the mail, their SHA-256 in `resume_links`, valid RESUME_LINK_DAYS days and while the partial
 * is the unfinished response it was made for. A unique link's partial is its recipient's on any
 * device already, so its link leads back to the unique link; a form's partial moves to the
 * browser that opens the link.
 *
 * Mailing one is capped like receipts, counted from the mail log: per form per hour and per
 * address per day. A message over a cap is logged as capped, never sent, and makes no link;
 * the respondent hears the same either way, so the page tells nobody what an address received.
 */
export const RESUME_LINKS_PER_FORM_PER_HOUR = 100;
export const RESUME_LINKS_PER_RECIPIENT_PER_DAY = 5;

/** Where a link to continue leads: the form's survey page, or a unique link's. */
export type ResumeRef = { formUuid: string } | { linkId: string };

/**
 * Queues the mail with a new link to `partialId` (a partial of `form`), in the caller's
 * transaction: the link and its message commit with the saved answers or not at all. Answers
 * the message's status (`pending`, or `capped` with no link made).
 */
export async function mailResumeLink(
  tx: DbOrTx,
  input: {
    form: { id: number; organizationId: number; uuid: string; name: string };
    partialId: string;
    linkId: string | null;
    to: string;
  },
): Promise<"pending" | "capped"> {
  const { form } = input;
  const { token, tokenHash } = newAccountLinkToken();
  const ref: ResumeRef = input.linkId ? { linkId: input.linkId } : { formUuid: form.uuid };
  const content: MailContent["resume_link"] = { formName: form.name, secret: { link: resumeLinkUrl(ref, token) } };
  const perForm = RESUME_LINKS_PER_FORM_PER_HOUR;
  const perRecipient = RESUME_LINKS_PER_RECIPIENT_PER_DAY;
  const to = headerText(input.to);
  const [row] = await tx.execute<{ status: "pending" | "capped" }>(sql`
    with cap as (
      select case
        when (select count(*) from (
            select 1 from mail_messages m
            where m.form_id = ${form.id}::int and m.kind = 'resume_link' and m.status <> 'capped'
              and m.created_at > now() - interval '1 hour'
            limit ${perForm}::int) f) >= ${perForm}::int
          then 'Not sent: this form reached its limit of ' || ${perForm}::int || ' links to continue an hour'
        when (select count(*) from (
            select 1 from mail_messages m
            where lower(m.to_address) = lower(${to}) and m.kind = 'resume_link' and m.status <> 'capped'
              and m.created_at > now() - interval '1 day'
            limit ${perRecipient}::int) r) >= ${perRecipient}::int
          then 'Not sent: this address reached its limit of ' || ${perRecipient}::int || ' links to continue a day'
      end as reason
    ),
    link as (
      insert into resume_links (token_hash, partial_id, form_id, partial_started_at, expires_at)
      select ${tokenHash}, p.id, p.form_id, p.created_at, now() + make_interval(days => ${RESUME_LINK_DAYS}::int)
      from partial_responses p, cap c
      where p.id = ${input.partialId}::uuid and p.form_id = ${form.id}::int and c.reason is null
      returning token_hash
    ),
    queued as (
      insert into mail_messages (organization_id, form_id, kind, to_address, subject, content, idempotency_key, status,
        last_reply, next_attempt_at, request_id)
      select ${form.organizationId}::int, ${form.id}::int, 'resume_link', ${to}, ${mailSubjectSql(sql`'Continue ' || ${form.name}::text`)},
        -- A capped message is never sent: it keeps no link (and none was made).
        case when c.reason is null then ${JSON.stringify(content)}::jsonb else ${JSON.stringify(content)}::jsonb - 'secret' end,
        'resume_link:' || ${tokenHash}::text, case when c.reason is null then 'pending' else 'capped' end, c.reason,
        case when c.reason is null then now() end, ${currentRequestId() ?? null}
      from cap c
      where c.reason is not null or exists (select 1 from link)
      returning status
    ),
    notified as (select pg_notify(${MAIL_CHANNEL}, '') from queued where status = 'pending')
    select (select status from queued) as status, (select count(*) from notified)::int as notified`);
  return row?.status ?? "capped";
}

/** Why a link to continue opens nothing: unknown, expired, its response sent, its form closed. One answer for all. */
export type OpenedResumeLink =
  | { kind: "gone" }
  /** Go on at `location`, with a new respondent cookie to set when the browser had none. */
  | { kind: "resume"; location: string; newRespondentCookie: string | null };

/**
 * Opens a link to continue: the partial it names, when still open, becomes this browser's (a
 * unique link's stays its link's), and the respondent goes on at the survey page, which resumes
 * from it. A preview (a mail scanner, HEAD) moves nothing. The browser's own partial of the form,
 * if any, is set aside under a key nobody holds (kept for the funnel, pruned with the others).
 */
export async function openResumeLink(
  db: DbOrTx,
  ref: ResumeRef,
  token: string,
  opts: { headers: Headers; preview: boolean },
): Promise<OpenedResumeLink> {
  const tokenHash = accountLinkTokenHash(token);
  if (!tokenHash) return { kind: "gone" };
  const [found] = await db.execute<{ partial_id: string; form_id: number; form_uuid: string; respondent_key: string }>(sql`
    select p.id as partial_id, p.form_id, f.uuid as form_uuid, p.respondent_key
    from resume_links t
    join partial_responses p on p.id = t.partial_id and p.completed_at is null and p.created_at = t.partial_started_at
    join forms f on f.id = t.form_id and f.published and f.trashed_at is null
    where t.token_hash = ${tokenHash} and t.expires_at > now()`);
  if (!found) return { kind: "gone" };
  if ("linkId" in ref) {
    const linkId = ref.linkId.trim().toLowerCase();
    if (found.respondent_key !== `l:${linkId}`) return { kind: "gone" };
    return { kind: "resume", location: uniqueLinkPath(linkId), newRespondentCookie: null };
  }
  if (found.form_uuid !== ref.formUuid.trim().toLowerCase() || !found.respondent_key.startsWith("c:")) return { kind: "gone" };
  const location = surveyPath(found.form_uuid);
  if (opts.preview) return { kind: "resume", location, newRespondentCookie: null };
  const who = respondentKey(opts.headers, null);
  if (who.key !== found.respondent_key) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        update partial_responses set respondent_key = 'c:' || gen_random_uuid()
        where form_id = ${found.form_id}::int and respondent_key = ${who.key} and id <> ${found.partial_id}::uuid`);
      await tx.execute(sql`
        update partial_responses set respondent_key = ${who.key}, updated_at = now()
        where id = ${found.partial_id}::uuid and form_id = ${found.form_id}::int`);
    });
  }
  return { kind: "resume", location, newRespondentCookie: who.newCookie };
}

/** Deletes up to `batch` links past their end (a partial's own pruning takes its links with it). */
export async function pruneResumeLinks(db: DbOrTx, batch = 5000): Promise<number> {
  const rows = await db.execute<{ token_hash: string }>(sql`
    delete from resume_links where token_hash in (select token_hash from resume_links where expires_at < now() limit ${batch})
    returning token_hash`);
  return rows.length;
}
