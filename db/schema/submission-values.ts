import { sql } from "drizzle-orm";
import { boolean, date, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { belongsTo } from "./columns";
import { forms } from "./forms";

/**
 * The filter index: every value in `submissions.data`, one row per place a filter can read
 * it (server/services/submissions/value-index.ts), with the value already cast the way the
 * filters compare it. Written only by PostgreSQL triggers on `submissions` (the migration's
 * `submission_values_*` functions), in the same statement as the write, so it can never
 * disagree with `data`; rows are typed by the JSON value's own kind, never by the element's
 * type, so a form whose element types change needs no rebuild. No foreign key: the delete
 * and truncate triggers remove a submission's rows, and an FK check per value row would
 * double the cost of a bulk insert.
 */
export const submissionValues = pgTable(
  "submission_values",
  {
    submissionId: uuid("submission_id").notNull(),
    formId: integer("form_id").notNull(),
    /** The top-level key of `data`. */
    elementId: text("element_id").notNull(),
    /** 0: `data[e]` itself; 1: `data[e][sub]` (object member); 2: `data[e][i][sub]` (row member). */
    loc: smallint("loc").notNull(),
    /** The member name for loc 1 and 2; '' for loc 0. */
    sub: text("sub").notNull(),
    /** 0: the value at that place, not an array; 1: the value, an array; 2: an item of that array. */
    shape: smallint("shape").notNull(),
    /** The value as `numeric` when it is a JSON number or decimal text, else null. */
    num: numeric("num"),
    /** The calendar date the text starts with, when it starts with a real one. */
    day: date("day", { mode: "string" }),
    /** The instant of a date or date-time text (no offset = UTC). */
    ts: timestamp("ts", { withTimezone: true }),
    /** `#>> '{}'`: a string's content, any other value's JSON text. */
    txt: text("txt"),
    /** Holds a number, a boolean or a non-blank string at any depth. */
    filled: boolean("filled").notNull(),
  },
  (t) => [
    index("submission_values_submission_idx").on(t.submissionId),
    // One index per comparable kind; submission_id last so counts are index-only scans.
    index("submission_values_num_idx")
      .on(t.formId, t.elementId, t.loc, t.sub, t.num, t.shape, t.submissionId)
      .where(sql`${t.num} is not null`),
    index("submission_values_day_idx")
      .on(t.formId, t.elementId, t.loc, t.sub, t.day, t.shape, t.submissionId)
      .where(sql`${t.day} is not null`),
    index("submission_values_ts_idx")
      .on(t.formId, t.elementId, t.loc, t.sub, t.ts, t.shape, t.submissionId)
      .where(sql`${t.ts} is not null`),
    // No submission_id: the keys repeat for every filled value of a field, so btree
    // deduplication stores each as a 6-byte heap pointer (an eighth of the size with the id).
    // Counts of one-row-per-submission places stay index-only; sets of ids read the heap.
    index("submission_values_filled_idx")
      .on(t.formId, t.elementId, t.loc, t.sub, t.shape)
      .where(sql`${t.filled}`),
    // Equality and distinct values of an element's or sub-field's value itself, by its text's
    // first 100 characters (a key fits a btree row whatever the answer's length). No
    // submission_id: a value many submissions share is stored once, with their row pointers.
    index("submission_values_text_idx")
      .on(t.formId, t.elementId, t.loc, t.sub, sql`left(${t.txt}, 100)`)
      .where(sql`${t.loc} < 2 and ${t.shape} < 2`),
    // contains / does_not_contain: trigram search (pg_trgm) of the text.
    index("submission_values_txt_trgm_idx").using("gin", t.txt.op("gin_trgm_ops")),
  ],
);

/**
 * How many submissions of a form hold a value at each element or sub-field (loc 0 and 1, the
 * value itself: one row per submission in `submission_values`), by what the value is: any,
 * filled, a number, a date, an instant. Kept by the same triggers, in the same statement, so every
 * count is exact at every commit. They answer is_empty/is_filled without reading a row, and
 * let a filter that holds for most of a field be counted from its few exceptions (a
 * `not_on` at 1 % is the form minus the 99 % `on`, which is the dated values minus the 1 %
 * before or after). Deltas are spread over 64 rows per place (the writing connection's own:
 * its backend pid modulo 64, migration 0013), like submission_count_shards, so concurrent
 * submits rarely wait on one row.
 */
export const submissionValueCounts = pgTable(
  "submission_value_counts",
  {
    formId: belongsTo("form_id", () => forms.id),
    elementId: text("element_id").notNull(),
    loc: smallint("loc").notNull(),
    sub: text("sub").notNull(),
    shard: smallint("shard").notNull(),
    /** Every value (the rows of submission_values_text_idx). */
    vals: integer("vals").notNull().default(0),
    filled: integer("filled").notNull().default(0),
    num: integer("num").notNull().default(0),
    day: integer("day").notNull().default(0),
    ts: integer("ts").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.formId, t.elementId, t.loc, t.sub, t.shard] })],
);
