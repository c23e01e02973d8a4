/**
 * A small RFC 4180 CSV reader for files people export from spreadsheets: comma-separated,
 * fields optionally in double quotes (a quote inside is doubled), quoted fields may hold
 * commas and line breaks, lines end in CRLF or LF (a lone CR too), a UTF-8 byte-order mark
 * is dropped, and a final line break does not make an empty record. Blank lines are skipped.
 *
 * Each record keeps the 1-based line its first field starts on, so a problem with a record
 * can be reported where the user sees it in their editor.
 */
export type CsvRecord = { line: number; fields: string[] };

export type CsvResult = { records: CsvRecord[]; error: { line: number; message: string } | null };

export function parseCsv(text: string): CsvResult {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let line = 1;
  let recordLine = 1;
  let i = 0;
  // Whether the current record has any content yet (a blank line has none).
  let started = false;

  const endField = () => {
    fields.push(field);
    field = "";
  };
  const endRecord = () => {
    endField();
    if (started) records.push({ line: recordLine, fields });
    fields = [];
    started = false;
  };

  while (i < src.length) {
    const c = src[i]!;
    if (c === '"' && field === "" && !fieldHasText(src, i)) {
      // A quoted field: read to the closing quote.
      const quoteLine = line;
      if (!started) recordLine = line;
      started = true;
      i++;
      for (;;) {
        if (i >= src.length) return { records, error: { line: quoteLine, message: "A quoted field is never closed" } };
        const q = src[i]!;
        if (q === '"') {
          if (src[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (q === "\r" || q === "\n") {
          line++;
          if (q === "\r" && src[i + 1] === "\n") {
            field += "\r\n";
            i += 2;
            continue;
          }
        }
        field += q;
        i++;
      }
      const next = src[i];
      if (next !== undefined && next !== "," && next !== "\r" && next !== "\n") {
        return { records, error: { line, message: "Text follows a closing quote; double a quote inside a quoted field" } };
      }
      continue;
    }
    if (c === ",") {
      if (!started) recordLine = line;
      started = true;
      endField();
      i++;
      continue;
    }
    if (c === "\r" || c === "\n") {
      endRecord();
      i += c === "\r" && src[i + 1] === "\n" ? 2 : 1;
      line++;
      continue;
    }
    if (!started) recordLine = line;
    started = true;
    field += c;
    i++;
  }
  if (started || fields.length) endRecord();
  return { records, error: null };
}

/** A quote opens a quoted field only at the field's start; `a"b` keeps its quote as text. */
function fieldHasText(src: string, i: number): boolean {
  const prev = src[i - 1];
  return i > 0 && prev !== "," && prev !== "\n" && prev !== "\r";
}

/** One CSV line from values, quoting only where needed (RFC 4180). */
export function toCsvLine(values: readonly string[]): string {
  return values.map((v) => (/[",\r\n]/.test(v) || /^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(",");
}
