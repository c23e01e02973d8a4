import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms, submissions, uniqueLinks, type Form } from "@/db/schema";
import { countHitSql } from "@/server/services/lib/rate-limit";
import { formVersionSql } from "@/server/services/forms/form-version";
import { deliveriesCtes, eventRows } from "@/server/webhooks/enqueue";
import { countInsertedSql } from "./submission-count";

/** A validated submission, ready to store. */
export type NewSurveySubmission = {
  formId: number;
  organizationId: number;
  /** Canonical answers keyed by element id (survey/answers/validate-answers.ts). */
  data: Record<string, unknown>;
  /** Seconds from page render (or the JSON body's `duration`) to submit; null when unknown. */
  duration: number | null;
  spam: boolean;
  /** The unique link it was submitted through: completed in the same statement. */
  uniqueLinkId: string | null;
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
};

export type StoreOutcome =
  | { kind: "stored"; submission: StoredSubmission }
  /** Unpublished, trashed or published anew since `formVersion` was read: read it again. */
  | { kind: "form-changed" }
  | { kind: "too-many"; resetSeconds: number }
  /** The link was completed, switched off or expired by the time this submit ran. */
  | { kind: "link-closed" };

/**
 * Stores one submission in ONE statement, so a submit is one round trip and one commit: the
 * form's liveness and version, the submit rate limit, the unique link's `completed` status
 * (two submits of one link queue on its row; the second finds it completed and stores
 * nothing), the row itself (the filter index's triggers run inside it), the form's count (a
 * count shard, so submits to one form do not queue on the form row) and its
 * Submission.Created deliveries with their NOTIFY. It commits before it answers: a `stored`
 * outcome is durable, events included.
 *
 * Each guard is a CTE that `allowed` requires; a response cap or a one-per-person check is
 * one more of them, and file references one more insert gated like `counted`.
 */
export async function createSubmission(db: DbOrTx, form: SubmittedForm, input: NewSurveySubmission, guards: StoreGuards = {}): Promise<StoreOutcome> {
  // Id and time are chosen here so that the event payloads, built before the statement, carry them.
  const id = randomUUID();
  const createdAt = new Date();
  const at = createdAt.toISOString();
  const events = eventRows("Submission.Created", form, [{ id, data: input.data, spam: input.spam, createdAt, updatedAt: createdAt }], createdAt);
  const { formVersion, attempts } = guards;
  const link = input.uniqueLinkId;

  const [row] = await db.execute<{ live: boolean; attempts: number | null; reset_s: number | null; link_open: boolean; stored: boolean }>(sql`
    with live as (${liveFormSql(input.formId, formVersion)}),
    ${attempts ? sql`attempt as (${countHitSql(sql`select ${attempts.key}::text as key from live`, attempts.windowS)}),` : sql``}
    allowed as (select 1 from live${attempts ? sql` where (select count from attempt) <= ${attempts.limit}` : sql``}),
    link as (
      update ${uniqueLinks} set status = 'completed', updated_at = now()
      where id = ${link}::uuid and form_id = ${input.formId} and status <> 'completed' and active
        and (expires_at is null or expires_at > now()) and exists (select 1 from allowed)
      returning id
    ),
    inserted as (
      insert into ${submissions} (id, form_id, organization_id, data, duration, spam, unique_link_id, created_at, updated_at)
      select ${id}::uuid, ${input.formId}, ${input.organizationId}, ${JSON.stringify(input.data)}::jsonb, ${input.duration}::int, ${input.spam}, ${link}::uuid, ${at}::timestamptz, ${at}::timestamptz
      where exists (select 1 from allowed) and (${link}::uuid is null or exists (select 1 from link))
      returning form_id
    ),
    counted as (${countInsertedSql(sql`select form_id from inserted`)}),
    ${deliveriesCtes(input.formId, events, createdAt, sql`select 1 from inserted`)}
    select exists (select 1 from live) as live,
      ${attempts ? sql`(select count from attempt) as attempts, (select reset_s from attempt) as reset_s,` : sql``}
      exists (select 1 from link) as link_open,
      exists (select 1 from inserted) as stored,
      (select count(*) from notified)::int as notified`);

  if (row?.stored) return { kind: "stored", submission: { ...input, id, createdAt } };
  if (!row?.live) return { kind: "form-changed" };
  if (attempts && row.attempts !== null && row.attempts > attempts.limit) return { kind: "too-many", resetSeconds: Math.max(1, row.reset_s ?? 1) };
  return { kind: "link-closed" };
}

/** The form, when it takes answers at `version` (without one: when it exists). */
function liveFormSql(formId: number, version: string | undefined): SQL {
  if (version === undefined) return sql`select id from ${forms} where id = ${formId}`;
  return sql`select id from ${forms}
    where id = ${formId} and published and trashed_at is null and ${formVersionSql} = ${version}::text`;
}
