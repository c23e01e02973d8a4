import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { formResponseTallies, submissions } from "@/db/schema";

type Value = SQL.Aliased | SQL | ReturnType<typeof sql.placeholder>;

/**
 * The submit statement's guards of a form's response cap and one-per-person email
 * (create-submission.ts), as CTEs around its `link` CTE:
 *
 *   email_taken  the address already answered (the unique index on submissions.respondent_email
 *                is the guard that counts: a submit racing with another of the same address
 *                finds it at insert and stores nothing)
 *   allowed      the statement's own guards (`allowed`), and the address free
 *   room         a place seems free in this statement's snapshot (so a full form does not
 *                complete a unique link for nothing)
 *   — link —
 *   placed       the place itself: the form's tally row made from its responses so far, or raised
 *                by one only while below the cap. The update re-reads the newest row after
 *                waiting for its lock, so 50 concurrent submits to 10 places store exactly 10.
 *   placed_ok    a place was taken, or the submit needs none (no cap, or spam, which takes none)
 */
export function placeGuardCtes(v: { formId: Value; maxResponses: Value; spam: Value; email: Value; allowed: SQL; linked: SQL }): {
  before: SQL;
  after: SQL;
} {
  const max = sql`${v.maxResponses}::int`;
  const capped = sql`(${max} is not null and not ${v.spam}::boolean)`;
  const tally = sql`(select taken from ${formResponseTallies} where form_id = ${v.formId}::int)`;
  return {
    before: sql`email_taken as (
      select 1 from ${submissions}
      where ${v.email}::text is not null and form_id = ${v.formId}::int and respondent_email = ${v.email}::text
    ),
    allowed as (${v.allowed} and not exists (select 1 from email_taken)),
    room as (select 1 where not ${capped} or coalesce(${tally}, 0) < ${max})`,
    after: sql`placed as (
      insert into ${formResponseTallies} (form_id, taken)
      select ${v.formId}::int, fh_had.n + 1
      from (select coalesce(${tally},
        (select count(*)::int from ${submissions} where form_id = ${v.formId}::int and not spam)) as n) fh_had
      where ${capped} and fh_had.n < ${max} and exists (select 1 from allowed) and ${v.linked}
      on conflict (form_id) do update set taken = ${formResponseTallies.taken} + 1 where ${formResponseTallies.taken} < ${max}
      returning taken
    ),
    placed_ok as (select 1 where not ${capped} or exists (select 1 from placed))`,
  };
}
