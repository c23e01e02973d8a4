import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { forms, submissionCountShards } from "@/db/schema";

/**
 * A form's exact submission count = `forms.submissions_count` + the sum of its count shards.
 *
 * Ingest adds 1 to one of SHARDS rows picked at random, inside the submission's own
 * transaction, so concurrent submits to one form rarely wait for each other's commit (one
 * `update forms` would hold the form row until commit and serialise them all). Deletes and
 * imports adjust the base column as before; reads fold the shards in, so the count stays
 * exact at every commit.
 */
export const SHARDS = 16;

/** The exact count of the `forms` row in scope, for a select list (at most SHARDS index rows). */
export const submissionsCountSql: SQL<number> = sql<number>`(${forms.submissionsCount} + coalesce((
  select sum(${submissionCountShards.delta}) from ${submissionCountShards}
  where ${submissionCountShards.formId} = ${forms.id}), 0))::int`.mapWith(Number);

/** Counts one new submission of `formId`; call inside the transaction that inserts it. */
export async function countNewSubmission(tx: DbOrTx, formId: number): Promise<void> {
  const shard = Math.floor(Math.random() * SHARDS);
  await tx
    .insert(submissionCountShards)
    .values({ formId, shard, delta: 1 })
    .onConflictDoUpdate({
      target: [submissionCountShards.formId, submissionCountShards.shard],
      set: { delta: sql`${submissionCountShards.delta} + 1` },
    });
}
