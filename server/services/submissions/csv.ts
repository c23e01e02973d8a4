import "server-only";
import type { FormElement, MatrixAxisItem } from "@/db/schema";
import { elementCategory } from "@/lib/forms/element-types";
import type { StreamedSubmission } from "./query/stream";

/*
 * The rules of the CSV export, pure (export-csv.ts streams the rows through them):
 * RFC 4180 cells and CRLF lines, spreadsheet formula neutralising, and the columns of a form.
 */

/** Written first: spreadsheets read the file as UTF-8 only with it. */
export const UTF8_BOM = "\uFEFF";
/** Values of one multi-choice answer (and of a matrix row with several cells) in one cell. */
export const LIST_SEPARATOR = "; ";
/** Repeat-field rows in one cell: one line per row, so the component columns stay aligned. */
export const ROW_SEPARATOR = "\n";

/**
 * A text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a
 * leading `'`, which spreadsheets show as text (OWASP's CSV injection advice). Numbers stored
 * as numbers are written as they are: `-5` is a number to a spreadsheet, not a formula.
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One RFC 4180 field: quoted when it holds a quote, comma, CR or LF; quotes doubled. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A cell value as text: strings neutralised, numbers and booleans as written, nothing as "". */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value === "string") return neutralise(value);
  return neutralise(JSON.stringify(value));
}

/** One CSV record with its CRLF. */
export const csvLine = (cells: readonly unknown[]) => cells.map((c) => csvField(cellText(c))).join(",") + "\r\n";

/** A row of the export as the database gives it (instants as ISO 8601 UTC text). */
export type ExportRow = StreamedSubmission;

export type CsvColumn = { header: string; value: (row: ExportRow) => unknown };

const isHash = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
/** A joined list stays one value: its items are plain text, neutralised as one cell later. */
const joined = (items: unknown[]) =>
  items.length ? items.map((i) => (i === null || i === undefined ? "" : String(i))).join(LIST_SEPARATOR) : undefined;

/** Option values → their labels (an unknown value as stored), single or list. */
function choiceText(el: FormElement, value: unknown): unknown {
  const label = (v: unknown) => el.options?.find((o) => o.value === v)?.label ?? v;
  if (Array.isArray(value)) return joined(value.map(label));
  return value === undefined || value === null ? undefined : label(value);
}

/** A matrix row's answer `{columnId: cell}` → the chosen columns' labels. */
function matrixRowText(columns: readonly MatrixAxisItem[], row: unknown): unknown {
  if (!isHash(row)) return row;
  return joined(Object.keys(row).map((colId) => columns.find((c) => c.id === colId)?.label ?? colId));
}

/** The text of one element's value (a repeat component's, a scalar's, a choice's). */
function valueText(el: FormElement, value: unknown): unknown {
  const category = elementCategory(el.type);
  if (category === "single-choice" || category === "multi-choice") return choiceText(el, value);
  // Files: their links (signed, made for this export or message), else their names.
  if (category === "file" && Array.isArray(value)) return joined(value.map((f) => (isHash(f) ? (f.url ?? f.name) : f)));
  return value;
}

const META_COLUMNS: CsvColumn[] = [
  { header: "Submission ID", value: (r) => r.id },
  { header: "Created at", value: (r) => r.created_at },
  { header: "Updated at", value: (r) => r.updated_at },
  { header: "Duration (seconds)", value: (r) => r.duration },
  { header: "Spam", value: (r) => (r.spam ? "yes" : "no") },
];

/**
 * The columns of a form's export: the metadata, then each element in document order, by
 * label — name/address one column per part ("Your name: First name"), a matrix one per row
 * (the chosen column's label), a repeat-field one per component (one line per row), a
 * multi-choice its option labels joined with "; ". A header that repeats an earlier one gets
 * " (2)", " (3)"… so every column can be told apart.
 */
export function csvColumns(elements: readonly FormElement[]): CsvColumn[] {
  const columns: CsvColumn[] = [...META_COLUMNS];
  const at = (row: ExportRow, id: string) => row.data[id];
  for (const el of elements) {
    if (!el || typeof el.id !== "string") continue;
    const category = elementCategory(el.type);
    if (category === "composite" && Array.isArray(el.children)) {
      for (const child of el.children) {
        columns.push({
          header: `${el.label}: ${child.label}`,
          value: (r) => {
            const v = at(r, el.id);
            return isHash(v) ? v[child.fixedname] : undefined;
          },
        });
      }
    } else if (category === "matrix") {
      const cols = el.columns ?? [];
      for (const mrow of el.rows ?? []) {
        columns.push({
          header: `${el.label}: ${mrow.label}`,
          value: (r) => {
            const v = at(r, el.id);
            return isHash(v) ? matrixRowText(cols, v[mrow.id]) : undefined;
          },
        });
      }
    } else if (category === "repeat") {
      for (const comp of el.components ?? []) {
        columns.push({
          header: `${el.label}: ${comp.label}`,
          value: (r) => {
            const rows = at(r, el.id);
            if (!Array.isArray(rows) || rows.length === 0) return undefined;
            return rows
              .map((item) => {
                const t = isHash(item) ? valueText(comp, item[comp.id]) : undefined;
                return t === undefined || t === null ? "" : String(t);
              })
              .join(ROW_SEPARATOR);
          },
        });
      }
    } else {
      columns.push({ header: el.label, value: (r) => valueText(el, at(r, el.id)) });
    }
  }
  const seen = new Map<string, number>();
  for (const c of columns) {
    const n = (seen.get(c.header) ?? 0) + 1;
    seen.set(c.header, n);
    if (n > 1) c.header = `${c.header} (${n})`;
  }
  return columns;
}

/**
 * `Content-Disposition` of a download named after the form: an ASCII fallback (anything else
 * → `_`) and the exact name as RFC 5987 `filename*`, so no name can break the header.
 */
export function attachmentHeader(formName: string, ext = "csv"): string {
  const base = formName.trim() || "submissions";
  const ascii = base.replace(/[^A-Za-z0-9 ._()-]/g, "_").slice(0, 100);
  const encoded = encodeURIComponent(`${base}.${ext}`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}.${ext}"; filename*=UTF-8''${encoded}`;
}
