import "server-only";
import type { FormElement } from "@/db/schema";
import { csvColumns, type CsvColumn } from "@/server/services/submissions/csv";
import type { AnswerLine } from "./templates/messages";

/** The answer columns of a form (the export's, without its metadata), worked out once per elements array. */
const columnsOf = new WeakMap<readonly FormElement[], CsvColumn[]>();
const META_COLUMNS = csvColumns([]).length;

function answerColumns(elements: readonly FormElement[]): CsvColumn[] {
  let columns = columnsOf.get(elements);
  if (!columns) {
    columns = csvColumns(elements).slice(META_COLUMNS);
    columnsOf.set(elements, columns);
  }
  return columns;
}

const asText = (v: unknown): string =>
  v === undefined || v === null ? "" : typeof v === "string" ? v : typeof v === "object" ? JSON.stringify(v) : String(v);

/**
 * A response's answers as text for mail, in the form's order and with the export's labels
 * ("Your name: First name", option labels, matrix rows); unanswered questions are left out.
 * Also the values of a receipt's {{field label}} placeholders.
 */
export function answerLines(elements: readonly FormElement[], data: Record<string, unknown>): AnswerLine[] {
  const columns = answerColumns(elements);
  const row = { id: "", created_at: "", updated_at: "", duration: null, spam: false, data } as unknown as Parameters<CsvColumn["value"]>[0];
  const lines: AnswerLine[] = [];
  for (const c of columns) {
    const text = asText(c.value(row));
    if (text !== "") lines.push({ label: c.header, text });
  }
  return lines;
}

/**
 * Placeholder values by label. The parts of a name or an address ("Your name: First name")
 * also answer, joined by spaces, to the element's own label ("{{Your name}}").
 */
export function placeholderValues(lines: readonly AnswerLine[]): Record<string, string> {
  const values: Record<string, string> = {};
  const parts = new Map<string, string[]>();
  for (const { label, text } of lines) {
    values[label] ??= text;
    const colon = label.indexOf(": ");
    if (colon > 0) parts.set(label.slice(0, colon), [...(parts.get(label.slice(0, colon)) ?? []), text]);
  }
  for (const [whole, texts] of parts) values[whole] ??= texts.join(" ");
  return values;
}

/** Every label a receipt's {{field label}} may name on a form with `elements`: placeholderValues' keys for any answers. */
export function placeholderLabels(elements: readonly FormElement[]): string[] {
  return Object.keys(placeholderValues(answerColumns(elements).map((c) => ({ label: c.header, text: "-" }))));
}
