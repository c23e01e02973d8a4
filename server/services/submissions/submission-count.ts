import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { forms, submissionCountShards } from "@/db/schema";

/**
 * A form's exact submission count = `forms.submissions_count` + the sum of its count shards.
 *
 * Ingest adds 1 to one of SHARDS rows, the writing connection's own (its backend pid modulo
 * SHARDS), inside the submission's own transaction, so concurrent submits to one form rarely
 * wait for each other's commit (one `update forms` would hold the form row until commit and
 * serialise them all; a shard picked at random is shared by two of 32 writers most of the time). Deletes and
 * imports adjust the base column as before; reads fold the shards in, so the count stays
 * exact at every commit.
 */
export const SHARDS = 64;

/** The exact count of the `forms` row in scope, for a select list (at most SHARDS index rows). */
export const submissionsCountSql: SQL<number> = sql<number>`(${forms.submissionsCount} + coalesce((
  select sum(${submissionCountShards.delta}) from ${submissionCountShards}
  where ${submissionCountShards.formId} = ${forms.id}), 0))::int`.mapWith(Number);

/**
 * Counts the rows `inserted` yields (a CTE or select with a `form_id` column), as a statement
 * to run in (or as a CTE of) the statement that inserts them.
 */
export function countInsertedSql(inserted: SQL): SQL {
  return sql`insert into ${submissionCountShards} as s (form_id, shard, delta)
    select i.form_id, pg_backend_pid() % ${sql.raw(String(SHARDS))}, count(*) from (${inserted}) i group by i.form_id
    on conflict (form_id, shard) do update set delta = s.delta + excluded.delta`;
}
