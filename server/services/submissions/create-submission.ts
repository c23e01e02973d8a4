import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { preparedStatement } from "@/db/prepared";
import type { DbOrTx } from "@/db";
import { forms, partialResponses, submissionFiles, submissions, uniqueLinks, type Form } from "@/db/schema";
import { fileLinks, isStoredFiles } from "@/server/uploads/file-links";
import { countHitSql } from "@/server/services/lib/rate-limit";
import { formVersionSql } from "@/server/services/forms/form-version";
import { deliveriesCtes, eventRows } from "@/server/webhooks/delivery/enqueue";
import { env } from "@/server/env";
import { answerLines, placeholderValues } from "@/server/mail/answers-text";
import { responseMailCtes } from "@/server/mail/response-mail";
import { countInsertedSql } from "./submission-count";
import { currentRequestId } from "@/server/http/request-id";
import { placeGuardCtes } from "@/server/services/publishing/place-guard";

/** A validated submission, ready to store. */
export type NewSurveySubmission = {
  formId: number;
  organizationId: number;
  /** Canonical answers keyed by element id (lib/answers/validate-answers.ts). */
  data: Record<string, unknown>;
  /** Seconds from page render (or the JSON body's `duration`) to submit; null when unknown. */
  duration: number | null;
  spam: boolean;
  /** The unique link it was submitted through: completed in the same statement. */
  uniqueLinkId: string | null;
  /** The respondent's partial response (server/services/survey/partial-responses.ts): marked finished in the same statement. */
  partialKey?: string | null;
  /** A form post's start-token signature (submissions.post_key): a second post of the same page stores nothing. */
  postKey?: string | null;
  /** The one-per-person email (lower-cased): a second response with it stores nothing (a unique index). */
  respondentEmail?: string | null;
  /** Files of its file answers (server/uploads/), received and not yet linked: linked in the same statement. */
  fileIds?: readonly string[];
};

export type StoredSubmission = NewSurveySubmission & { id: string; createdAt: Date };

/** The form a submission goes to, as its Submission.Created event names it. */
export type SubmittedForm = Pick<Form, "id" | "uuid" | "name" | "elements">;

/** A submit rate limit counted in the storing statement: `limit` attempts per `windowS` for `key`. */
export type AttemptLimit = { key: string; limit: number; windowS: number };

/** What the storing statement must find true, besides an open link, to store anything. */
export type StoreGuards = {
  /**
   * The form version the answers were checked against (survey-target.ts `version`): the form
   * must still be published, not trashed, and at that version, so answers checked against a
   * copy cached in this process are never stored after a publish on another instance.
   */
  formVersion?: string;
  /** Counted only when the form passes; over the limit nothing is stored. */
  attempts?: AttemptLimit;
  /** The form's `maxResponses`: a response (not spam) takes a place in form_response_tallies, or nothing is stored. */
  maxResponses?: number;
};

export type StoreOutcome =
  | { kind: "stored"; submission: StoredSubmission }
  /** Unpublished, trashed or published anew since `formVersion` was read: read it again. */
  | { kind: "form-changed" }
  | { kind: "too-many"; resetSeconds: number }
  /** The link was completed, switched off or expired by the time this submit ran. */
  | { kind: "link-closed" }
  /** This very form post (its `postKey`) was stored before: nothing stored, nothing sent again. */
  | { kind: "already-stored" }
  /** Every place of a form with `maxResponses` was taken. */
  | { kind: "full" }
  /** The form takes one response per email, and this address has one. */
  | { kind: "email-taken" }
  /** A file of the answers is no longer waiting for a submission (taken by another, or removed): these fields. */
  | { kind: "files-gone"; fields: string[] };

/**
 * Stores one submission in ONE statement, so a submit is one round trip and one commit: the
 * form's liveness and version, the submit rate limit, the unique link's `completed` status
 * (two submits of one link queue on its row; the second finds it completed and stores
 * nothing), the row itself (the filter index's triggers run inside it), the form's count (a
 * count shard, so submits to one form do not queue on the form row), its
 * Submission.Created deliveries with their NOTIFY, and the mail it causes (members'
 * notifications, the respondent's receipt; found by the mail worker's poll). It commits before it answers: a `stored`
 * outcome is durable, events included.
 *
 * The statement is prepared (one text, values as parameters; db/prepared.ts): parsed and
 * planned once per connection, and no round trip to learn its parameter types.
 */
export async function createSubmission(
  db: DbOrTx,
  form: SubmittedForm,
  input: NewSurveySubmission,
  guards: StoreGuards = {},
): Promise<StoreOutcome> {
  // Id and time are chosen here so that the event payloads, built before the statement, carry them.
  const id = randomUUID();
  const createdAt = new Date();
  const at = createdAt.toISOString();
  const fileIds = input.fileIds ?? [];
  // What webhooks and mail show of a file: its signed link (server/uploads/file-links.ts).
  const shown = fileIds.length ? (await fileLinks(db)).present(input.data) : input.data;
  const events = eventRows("Submission.Created", form, [{ id, data: shown, spam: input.spam, createdAt, updatedAt: createdAt }], createdAt);
  const { formVersion, attempts, maxResponses } = guards;
  const e = env();
  const answers = answerLines(form.elements, shown);
  const [row] = await storeStatement(db, {
    formId: input.formId,
    organizationId: input.organizationId,
    version: formVersion ?? null,
    key: attempts?.key ?? null,
    windowS: attempts?.windowS ?? 1,
    limit: attempts?.limit ?? null,
    link: input.uniqueLinkId,
    partialKey: input.partialKey ?? null,
    postKey: input.postKey ?? null,
    maxResponses: maxResponses ?? null,
    respondentEmail: input.respondentEmail ?? null,
    id,
    data: JSON.stringify(input.data),
    duration: input.duration,
    spam: input.spam,
    at,
    events: JSON.stringify(events),
    answers: JSON.stringify(answers),
    values: JSON.stringify(placeholderValues(answers)),
    submissionUrl: `${e.APP_URL}/submissions/${id}`,
    receiptsPerFormPerHour: e.MAIL_RECEIPTS_PER_FORM_PER_HOUR,
    receiptsPerRecipientPerDay: e.MAIL_RECEIPTS_PER_RECIPIENT_PER_DAY,
    requestId: currentRequestId() ?? null,
    fileIds: `{${fileIds.join(",")}}`,
  });

  if (row?.stored) return { kind: "stored", submission: { ...input, id, createdAt } };
  if (!row?.live) return { kind: "form-changed" };
  // The same post again: its files went to the first submission, so it is thanked, not told they are gone.
  if (row.resent) return { kind: "already-stored" };
  if (!row.files_ok) return { kind: "files-gone", fields: Object.keys(input.data).filter((k) => isStoredFiles(input.data[k])) };
  if (attempts && row.attempts !== null && row.attempts > attempts.limit)
    return { kind: "too-many", resetSeconds: Math.max(1, row.reset_s ?? 1) };
  if (row.email_taken) return { kind: "email-taken" };
  if (!row.room) return { kind: "full" };
  if (!row.linked) return { kind: "link-closed" };
  if (!row.placed) return { kind: "full" };
  // Placed, yet the insert found a unique key taken: another submit committed meanwhile — the same
  // post (its post key: a double click), or else the same one-per-person address.
  return { kind: input.postKey ? "already-stored" : input.respondentEmail ? "email-taken" : "link-closed" };
}

type StoreRow = {
  live: boolean;
  resent: boolean;
  attempts: number | null;
  reset_s: number | null;
  stored: boolean;
  linked: boolean;
  room: boolean;
  placed: boolean;
  email_taken: boolean;
  files_ok: boolean;
};

/**
 * The CTE chain; each guard is a CTE that `allowed` requires, and a missing guard (null
 * version, null key) passes. A response cap or a one-per-person check is one more guard; file
 * references one more insert gated like `counted`.
 */
const storeStatement = preparedStatement<StoreRow>(() => {
  const v = (name: string) => sql.placeholder(name);
  const guards = placeGuardCtes({
    formId: v("formId"),
    maxResponses: v("maxResponses"),
    spam: v("spam"),
    email: v("respondentEmail"),
    allowed: sql`select 1 from live where coalesce((select count from attempt) <= ${v("limit")}::int, true)
      and not exists (select 1 from resent) and (select ok from files_ok)`,
    linked: sql`(${v("link")}::uuid is null or exists (select 1 from link))`,
  });
  return sql`
    with live as (
      select id from ${forms}
      where id = ${v("formId")}::int and published and trashed_at is null
        and (${v("version")}::text is null or ${formVersionSql} = ${v("version")}::text)
    ),
    attempt as (${countHitSql(sql`select ${v("key")}::text as key from live where ${v("key")}::text is not null`, v("windowS"))}),
    resent as (
      select 1 from ${submissions}
      where ${v("postKey")}::text is not null and form_id = ${v("formId")}::int and post_key = ${v("postKey")}::text
    ),
    files_ok as (
      select count(*) = cardinality(${v("fileIds")}::uuid[]) as ok from ${submissionFiles}
      where id = any(${v("fileIds")}::uuid[]) and form_id = ${v("formId")}::int and submission_id is null
    ),
    ${guards.before},
    link as (
      update ${uniqueLinks} set status = 'completed', updated_at = now()
      where id = ${v("link")}::uuid and form_id = ${v("formId")}::int and status <> 'completed' and active
        and (expires_at is null or expires_at > now()) and exists (select 1 from allowed) and exists (select 1 from room)
      returning id
    ),
    ${guards.after},
    inserted as (
      insert into ${submissions}
        (id, form_id, organization_id, data, duration, spam, unique_link_id, respondent_email, post_key, created_at, updated_at)
      select ${v("id")}::uuid, ${v("formId")}::int, ${v("organizationId")}::int, ${v("data")}::jsonb, ${v("duration")}::int,
        ${v("spam")}::boolean, ${v("link")}::uuid, ${v("respondentEmail")}::text, ${v("postKey")}::text, ${v("at")}::timestamptz,
        ${v("at")}::timestamptz
      where exists (select 1 from allowed) and (${v("link")}::uuid is null or exists (select 1 from link))
        and exists (select 1 from placed_ok)
      -- Either unique key (one-per-person address, post key) makes a racing second insert store nothing.
      on conflict do nothing
      returning form_id
    ),
    counted as (${countInsertedSql(sql`select form_id from inserted`)}),
    files_linked as (
      update ${submissionFiles} set submission_id = ${v("id")}::uuid
      where id = any(${v("fileIds")}::uuid[]) and submission_id is null and exists (select 1 from inserted)
      returning id
    ),
    finished as (
      update ${partialResponses} set completed_at = now(), updated_at = now()
      where form_id = ${v("formId")}::int and respondent_key = ${v("partialKey")}::text and completed_at is null
        and exists (select 1 from inserted)
      returning id
    ),
    ${deliveriesCtes(v("formId"), v("events"), v("at"), sql`select 1 from inserted`)},
    ${responseMailCtes(
      {
        formId: v("formId"),
        submissionId: v("id"),
        spam: v("spam"),
        data: v("data"),
        answers: v("answers"),
        values: v("values"),
        submissionUrl: v("submissionUrl"),
        receiptsPerFormPerHour: v("receiptsPerFormPerHour"),
        receiptsPerRecipientPerDay: v("receiptsPerRecipientPerDay"),
        requestId: v("requestId"),
      },
      sql`select 1 from inserted`,
    )}
    select exists (select 1 from live) as live, exists (select 1 from resent) as resent,
      (select count from attempt) as attempts, (select reset_s from attempt) as reset_s,
      exists (select 1 from inserted) as stored, (select ok from files_ok) as files_ok,
      (${v("link")}::uuid is null or exists (select 1 from link)) as linked,
      exists (select 1 from room) as room, exists (select 1 from placed_ok) as placed, exists (select 1 from email_taken) as email_taken,
      (select count(*) from notified)::int as notified`;
});
