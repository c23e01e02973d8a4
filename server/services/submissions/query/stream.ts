/*
 * Every row of a set, in order, read through a server-side cursor a batch at a time (the CSV
 * export): the next batch is fetched only when the reader asks for it.
 */
import "server-only";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "@/db";
import { submissions } from "@/db/schema";

/** Rows fetched per cursor step: enough to amortise the round trip, small enough to stay flat in memory. */
export const STREAM_BATCH = 1000;

/** A streamed row as the database gives it: instants as ISO 8601 UTC text. */
export type StreamedSubmission = {
  id: string;
  data: Record<string, unknown>;
  spam: boolean;
  duration: number | null;
  created_at: string;
  updated_at: string;
};

const dialect = new PgDialect({ casing: "snake_case" });

/** An instant as ISO 8601 UTC text, written by PostgreSQL (the driver hands timestamps over as its own text). */
const iso = (column: AnyColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The rows `where` matches in `order`, STREAM_BATCH at a time. Nothing runs until the first
 * batch is asked for; ending the iteration early (`return`) closes the cursor and frees its
 * connection.
 */
export function streamRows(db: Db, where: SQL, order: SQL[]): AsyncIterable<StreamedSubmission[]> {
  const query = dialect.sqlToQuery(sql`
    select ${submissions.id} as id, ${submissions.data} as data, ${submissions.spam} as spam, ${submissions.duration} as duration,
      ${iso(submissions.createdAt)} as created_at, ${iso(submissions.updatedAt)} as updated_at
    from ${submissions}
    where ${where}
    order by ${sql.join(order, sql`, `)}`);
  return {
    [Symbol.asyncIterator]: () =>
      db.$client
        .unsafe<StreamedSubmission[]>(query.sql, query.params as never[])
        .cursor(STREAM_BATCH)
        [Symbol.asyncIterator](),
  };
}
