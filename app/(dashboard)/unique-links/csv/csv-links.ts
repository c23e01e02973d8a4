import { formatPath } from "@/lib/values/input-paths";
import { toPrefillValue, type EditorField, type PrefillEntry } from "../../_components/prefill-editor/prefill-values";
import { parseCsv, toCsvLine } from "./parse-csv";

/**
 * A CSV of recipients → the links to create, and a problem the server reports → the CSV line
 * and column it came from. Columns: `entry name`, `expiry` (both optional to order), then one
 * per prefilled field, named by the field's label or element id. The values are passed on as
 * written (option labels become option ids); whether they are valid is the API's call.
 *
 * Cells by the field's input:
 * - text, number, date, email, phone, choice: the text (choice: option label or id);
 * - checkboxes, ranking: labels or ids separated by `;` (ranking: in rank order);
 * - matrix: `Row=Column; Row=Column`; name, address: `Part=Text; Part=Text` (labels or ids);
 * - repeat-field, or any structured field written the API's way: JSON (`[{"name":"Ada"}]`).
 */
export type CsvLink = {
  line: number;
  entryName: string;
  expiresAt?: string;
  prefillData: PrefillEntry[];
  /** The CSV column of each prefill entry, by index. */
  columns: string[];
};

export type CsvProblem = { line: number | null; column: string | null; message: string };

export type ReadCsv = { links: CsvLink[]; problems: CsvProblem[]; entryColumn: string; expiryColumn: string | null };

const norm = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");
const ENTRY = new Set(["entry name", "entryname", "name", "recipient"]);
const EXPIRY = new Set(["expiry", "expires", "expires at", "expiresat", "expires on"]);

/** The template: entry name, expiry, and one column per field the editor can fill (by label). */
export function templateCsv(fields: readonly EditorField[]): string {
  const labels = fields.map((f) => f.label);
  const header = [
    "entry name",
    "expiry",
    ...fields.map((f) => (labels.filter((l) => norm(l) === norm(f.label)).length > 1 ? f.id : f.label)),
  ];
  return `${toCsvLine(header)}\r\n`;
}

export function readLinksCsv(text: string, fields: readonly EditorField[]): ReadCsv {
  const parsed = parseCsv(text);
  const empty = { links: [], entryColumn: "entry name", expiryColumn: null };
  if (parsed.error) return { ...empty, problems: [{ line: parsed.error.line, column: null, message: parsed.error.message }] };
  const [head, ...records] = parsed.records;
  if (!head) return { ...empty, problems: [{ line: null, column: null, message: "The file is empty" }] };

  const problems: CsvProblem[] = [];
  let entryAt = -1;
  let expiryAt = -1;
  const fieldAt: { index: number; field: EditorField; column: string }[] = [];
  head.fields.forEach((raw, index) => {
    const name = norm(raw);
    if (!name) return;
    const field = fields.find((f) => norm(f.id) === name) ?? fields.find((f) => norm(f.label) === name);
    if (field) {
      if (fieldAt.some((c) => c.field.id === field.id))
        problems.push({ line: head.line, column: raw, message: `Column “${raw}” names a field that another column already fills` });
      else fieldAt.push({ index, field, column: raw.trim() });
    } else if (ENTRY.has(name) && entryAt < 0) entryAt = index;
    else if (EXPIRY.has(name) && expiryAt < 0) expiryAt = index;
    else
      problems.push({
        line: head.line,
        column: raw,
        message: `Column “${raw}” is not a field of this form (use a field's label or id, “entry name” or “expiry”)`,
      });
  });
  if (entryAt < 0) problems.push({ line: head.line, column: null, message: "The first line needs an “entry name” column" });
  const entryColumn = entryAt >= 0 ? head.fields[entryAt]!.trim() : "entry name";
  const expiryColumn = expiryAt >= 0 ? head.fields[expiryAt]!.trim() : null;
  if (problems.length) return { links: [], problems, entryColumn, expiryColumn };

  const links = records.map((record): CsvLink => {
    const prefillData: PrefillEntry[] = [];
    const columns: string[] = [];
    for (const { index, field, column } of fieldAt) {
      const cell = record.fields[index] ?? "";
      if (!cell.trim()) continue;
      prefillData.push({ id: field.id, value: cellValue(field, cell) });
      columns.push(column);
    }
    const expiry = expiryAt >= 0 ? (record.fields[expiryAt] ?? "").trim() : "";
    return { line: record.line, entryName: record.fields[entryAt] ?? "", ...(expiry ? { expiresAt: expiry } : {}), prefillData, columns };
  });
  return { links, problems, entryColumn, expiryColumn };
}

const STRUCTURED = new Set(["checkboxes", "ranking", "matrix", "composite", "repeat"]);
const pairs = (cell: string) =>
  cell
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const eq = p.indexOf("=");
      return eq < 0 ? [p, ""] : [p.slice(0, eq).trim(), p.slice(eq + 1).trim()];
    });
const idOf = (items: readonly { id: string; label: string }[], text: string) =>
  items.find((o) => o.id === text)?.id ?? items.find((o) => norm(o.label) === norm(text))?.id ?? text;

/** One cell as the value the editor would send for the field (see the module comment). */
export function cellValue(field: EditorField, cell: string): unknown {
  const text = cell.trim();
  if (STRUCTURED.has(field.input) && /^[[{]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text; // The API says why a string does not fit.
    }
  }
  switch (field.input) {
    case "choice":
      return idOf(field.options, text);
    case "checkboxes":
    case "ranking":
      return text
        .split(";")
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => idOf(field.options, p));
    case "matrix":
      return (
        toPrefillValue(field, Object.fromEntries(pairs(text).map(([row, col]) => [idOf(field.rows, row!), idOf(field.columns, col!)]))) ??
        {}
      );
    case "composite":
      return Object.fromEntries(
        pairs(text).map(([part, value]) => [
          field.parts.find((p) => p.key === part || norm(p.label) === norm(part!))?.key ?? part!,
          value!,
        ]),
      );
    default:
      return text;
  }
}

/** An issue the server reported: a path into the request and the problem (AppError or zod). */
export type ServerIssue = { path: readonly (string | number)[]; reason: string };

/**
 * Where in the CSV a problem with one request of `batch` lies: the item index after
 * `links`/`unique_links` picks the row; then `entry_name`, `expires_at` or the n-th prefill
 * entry picks the column.
 */
export function problemAt(
  issue: ServerIssue,
  batch: readonly CsvLink[],
  columns: { entry: string; expiry: string | null },
): CsvProblem | null {
  const [root, index, key, n, ...rest] = issue.path;
  if ((root !== "links" && root !== "unique_links") || typeof index !== "number") return null;
  const row = batch[index];
  if (!row) return null;
  const where = (column: string | null, tail: readonly (string | number)[]) => ({
    line: row.line,
    column,
    message: sentence([formatPath(tail), issue.reason]),
  });
  if (key === "entryName" || key === "entry_name") return where(columns.entry, []);
  if (key === "expiresAt" || key === "expires_at") return where(columns.expiry ?? "expiry", []);
  if ((key === "prefill_data" || key === "prefillData") && typeof n === "number") {
    // `value` is the cell itself; deeper keys name a part of it.
    const tail = rest[0] === "value" ? rest.slice(1) : rest;
    return where(row.columns[n] ?? null, tail);
  }
  return where(null, []);
}

const sentence = (parts: string[]) => {
  const text = parts.filter(Boolean).join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** A zod issue's message without its path prefix (`links[3].expiresAt must be …` → `must be …`). */
export function issueReason(issue: { path: readonly PropertyKey[]; message: string }): string {
  const prefix = `${formatPath(issue.path)} `;
  return issue.message.startsWith(prefix) ? issue.message.slice(prefix.length) : issue.message;
}
