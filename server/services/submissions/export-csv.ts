import "server-only";
import type { Db } from "@/db";
import type { FormAccess } from "@/server/services/forms/access";
import { attachmentHeader, csvColumns, csvLine, UTF8_BOM, type ExportRow } from "./csv";
import { querySubmissions } from "./query/entry";
import type { SubmissionQuery } from "./query/request";
import { resolveSort } from "./sort";
import { isFileUpload } from "@/lib/forms/element-types";
import { fileLinks } from "@/server/uploads/file-links";

/**
 * The filtered set of a form's submissions as a CSV stream (csv.ts's rules): querySubmissions'
 * every row, read through a server-side cursor a batch at a time. The stream is pull-based:
 * the next batch is fetched only when the consumer (the HTTP response) has taken the previous
 * one, so a slow download holds one batch in memory, never the whole set. Cancelling the
 * download closes the cursor and frees its connection. The form is resolved and the filters
 * parsed before it returns, so their 400 and 404 come before any byte of the file.
 */
export async function exportSubmissionsCsv(
  db: Db,
  access: FormAccess,
  query: SubmissionQuery,
): Promise<{ stream: ReadableStream<Uint8Array>; filename: string; contentDisposition: string; form: { uuid: string; name: string } }> {
  const { form, batches } = await querySubmissions(db, access, { ...query, page: "all" });
  const columns = csvColumns(form.elements);
  // A file answer's cell is its signed link (server/uploads/file-links.ts), made once for the export.
  const links = form.elements.some((e) => isFileUpload(e.type)) ? await fileLinks(db) : null;
  const shown = (row: ExportRow): ExportRow => (links ? { ...row, data: links.present(row.data) } : row);
  const encoder = new TextEncoder();
  let rows: AsyncIterator<ExportRow[]> | null = null;

  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(UTF8_BOM + csvLine(columns.map((c) => c.header))));
      },
      async pull(controller) {
        rows ??= batches[Symbol.asyncIterator]();
        const next = await rows.next();
        if (next.done) {
          controller.close();
          return;
        }
        let text = "";
        for (const row of next.value) text += csvLine(columns.map((c) => c.value(shown(row))));
        controller.enqueue(encoder.encode(text));
      },
      async cancel() {
        await rows?.return?.();
      },
    },
    // One batch queued ahead at most: the cursor waits for the client.
    { highWaterMark: 1 },
  );
  return {
    stream,
    filename: `${form.name}.csv`,
    contentDisposition: attachmentHeader(form.name),
    form: { uuid: form.uuid, name: form.name },
  };
}

/** Query parameters of the export URL that are not filters. */
const EXPORT_PARAMS: ReadonlySet<string> = new Set(["form", "view", "sort", "order"]);

/**
 * The export's query string: `form`, `view`, `sort`, `order`, and the filters exactly as v2
 * takes them (`<field>__<filter_type>=<value>`, repeatable), so a table's view and its
 * download URL name the same set.
 */
export function exportQuery(params: URLSearchParams): SubmissionQuery {
  const rawView = params.get("view");
  const view = rawView === "spam" || rawView === "not_spam" ? rawView : "all";
  const rows: { field: string; type: string; value: string }[] = [];
  for (const [key, value] of params) {
    if (EXPORT_PARAMS.has(key)) continue;
    const cut = key.lastIndexOf("__");
    if (cut < 0) continue;
    rows.push({ field: key.slice(0, cut), type: key.slice(cut + 2), value });
  }
  const sort = resolveSort(params.get("sort") ?? undefined, params.get("order") ?? undefined);
  return { form: { formUuid: params.get("form") ?? "" }, filters: { rows }, view, sort };
}
