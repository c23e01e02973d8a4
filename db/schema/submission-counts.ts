import { integer, pgTable, primaryKey, smallint } from "drizzle-orm/pg-core";
import { belongsTo } from "./columns";
import { forms } from "./forms";

/**
 * Submission count deltas, spread over a few rows per form so that concurrent submits to
 * one form do not queue on one row lock (forms.submissions_count would serialise them until
 * commit). A form's count is `forms.submissions_count` plus the sum of its shards
 * (server/services/submissions/submission-count.ts); deletes and imports keep adjusting
 * the base column.
 */
export const submissionCountShards = pgTable(
  "submission_count_shards",
  {
    formId: belongsTo("form_id", () => forms.id),
    shard: smallint("shard").notNull(),
    delta: integer("delta").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.formId, t.shard] })],
);
