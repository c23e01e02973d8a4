import { sql, type AnyColumn } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "@/db";
import { submissions, type Form } from "@/db/schema";
import type { FormAccess } from "@/server/services/forms/access";
import { attachmentHeader, csvColumns, csvLine, UTF8_BOM, type ExportRow } from "./csv";
import { dashboardOrder, dashboardWhere, type SpamView } from "./dashboard-submissions";
import type { Filter } from "./filters";
import { resolveSort, type ColumnSort } from "./sort";

/** Rows fetched per cursor step: enough to amortise the round trip, small enough to stay flat in memory. */
export const EXPORT_BATCH = 1000;

const dialect = new PgDialect({ casing: "snake_case" });

/** An instant as ISO 8601 UTC text, written by PostgreSQL (the driver hands timestamps over as its own text). */
const iso = (column: AnyColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The filtered set of a form's submissions as a CSV stream (csv.ts's rules), read through a
 * server-side cursor EXPORT_BATCH rows at a time. The stream is pull-based: the next batch is
 * fetched only when the consumer (the HTTP response) has taken the previous one, so a slow
 * download holds one batch in memory, never the whole set. Cancelling the download closes
 * the cursor and frees its connection.
 */
export function exportSubmissionsCsv(
  db: Db,
  access: FormAccess,
  form: Pick<Form, "id" | "name" | "elements">,
  params: { filters: readonly Filter[]; view: SpamView; sort: ColumnSort },
): { stream: ReadableStream<Uint8Array>; filename: string; contentDisposition: string } {
  const columns = csvColumns(form.elements);
  const query = dialect.sqlToQuery(sql`
    select ${submissions.id} as id, ${submissions.data} as data, ${submissions.spam} as spam, ${submissions.duration} as duration,
      ${iso(submissions.createdAt)} as created_at, ${iso(submissions.updatedAt)} as updated_at
    from ${submissions}
    where ${dashboardWhere(access, form, params.filters, params.view)}
    order by ${sql.join(dashboardOrder(params.sort), sql`, `)}`);
  const encoder = new TextEncoder();
  let batches: AsyncIterator<ExportRow[]> | null = null;

  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(UTF8_BOM + csvLine(columns.map((c) => c.header))));
      },
      async pull(controller) {
        batches ??= db.$client.unsafe<ExportRow[]>(query.sql, query.params as never[]).cursor(EXPORT_BATCH)[Symbol.asyncIterator]();
        const next = await batches.next();
        if (next.done) {
          controller.close();
          return;
        }
        let text = "";
        for (const row of next.value) text += csvLine(columns.map((c) => c.value(row)));
        controller.enqueue(encoder.encode(text));
      },
      async cancel() {
        await batches?.return?.();
      },
    },
    // One batch queued ahead at most: the cursor waits for the client.
    { highWaterMark: 1 },
  );
  return { stream, filename: `${form.name}.csv`, contentDisposition: attachmentHeader(form.name) };
}

/** Query parameters of the export URL that are not filters. */
const EXPORT_PARAMS: ReadonlySet<string> = new Set(["form", "view", "sort", "order"]);

/**
 * The export's query string: `form`, `view`, `sort`, `order`, and the filters exactly as v2
 * takes them (`<field>__<filter_type>=<value>`, repeatable), so a table's view and its
 * download URL name the same set.
 */
export function exportQuery(params: URLSearchParams): {
  formRef: string;
  view: SpamView;
  sort: ColumnSort;
  rows: { field: string; type: string; value: string }[];
} {
  const rawView = params.get("view");
  const view: SpamView = rawView === "spam" || rawView === "not_spam" ? rawView : "all";
  const rows: { field: string; type: string; value: string }[] = [];
  for (const [key, value] of params) {
    if (EXPORT_PARAMS.has(key)) continue;
    const cut = key.lastIndexOf("__");
    if (cut < 0) continue;
    rows.push({ field: key.slice(0, cut), type: key.slice(cut + 2), value });
  }
  return { formRef: params.get("form") ?? "", view, sort: resolveSort(params.get("sort") ?? undefined, params.get("order") ?? undefined), rows };
}
