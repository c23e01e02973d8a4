import type { EditorField, EditorFieldBase } from "@/server/services/prefills/editor-fields";
import { formatPath } from "@/lib/values/input-paths";

export type { EditorField, EditorFieldBase };

/**
 * The prefill editor's state → the `prefill_data` the service validates. Only what the user
 * filled in is sent; the rules for the values themselves live in the service.
 *
 * State per input: text-like and `choice` a string; `checkboxes` and `ranking` option ids
 * (ranking: in rank order); `matrix` `{rowId: columnId}`; `composite` `{fixedname: text}`;
 * `repeat` one object per row, keyed by component id, each value by the component's input.
 */
export type RowValues = Record<string, string | string[] | Record<string, string>>;
export type EditorValue = string | string[] | Record<string, string> | RowValues[];
export type EditorValues = Record<string, EditorValue>;

export type PrefillEntry = { id: string; value: unknown };

const isRecord = (v: unknown): v is Record<string, string> => typeof v === "object" && v !== null && !Array.isArray(v);

/** One field's state as a prefill value, or undefined when nothing is filled in. */
export function toPrefillValue(field: EditorField | EditorFieldBase, value: EditorValue | RowValues[string] | undefined): unknown {
  switch (field.input) {
    case "checkboxes": {
      // Checked options in the form's order, whatever order they were clicked in.
      const checked = Array.isArray(value) ? field.options.map((o) => o.id).filter((id) => (value as unknown[]).includes(id)) : [];
      return checked.length ? checked : undefined;
    }
    case "ranking": {
      const ranked = Array.isArray(value) ? (value as unknown[]).filter((v): v is string => typeof v === "string") : [];
      return ranked.length ? ranked : undefined;
    }
    case "matrix": {
      if (!isRecord(value)) return undefined;
      const out: Record<string, Record<string, true>> = {};
      for (const row of field.rows) if (value[row.id]) out[row.id] = { [value[row.id]!]: true };
      return Object.keys(out).length ? out : undefined;
    }
    case "composite": {
      if (!isRecord(value)) return undefined;
      const out: Record<string, string> = {};
      for (const part of field.parts) {
        const text = value[part.key]?.trim();
        if (text) out[part.key] = text;
      }
      return Object.keys(out).length ? out : undefined;
    }
    case "repeat": {
      if (!Array.isArray(value) || !("components" in field)) return undefined;
      const rows = (value as unknown[]).flatMap((row) => {
        if (!isRecord(row)) return [];
        const out: Record<string, unknown> = {};
        for (const c of field.components) {
          const v = toPrefillValue(c, (row as RowValues)[c.id]);
          if (v !== undefined) out[c.id] = v;
        }
        return Object.keys(out).length ? [out] : [];
      });
      return rows.length ? rows : undefined;
    }
    default: {
      const text = typeof value === "string" ? value.trim() : "";
      return text ? text : undefined;
    }
  }
}

export function toPrefillData(fields: readonly EditorField[], values: EditorValues): PrefillEntry[] {
  return fields.flatMap((field): PrefillEntry[] => {
    const value = toPrefillValue(field, values[field.id]);
    return value === undefined ? [] : [{ id: field.id, value }];
  });
}

/** Where a service error points: the input path and the problem, as the server sends them. */
export type ErrorAt = { path?: readonly (string | number)[]; reason?: string };

/** `["value", 1, "colleague_name"]` + problem → "Value[1].colleague_name must be …". */
export function problemText(rest: readonly (string | number)[], reason: string): string {
  const text = [formatPath(rest), reason].filter(Boolean).join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The field a service error is about: its path `["prefill_data", 2, "value", …]` names the
 * third entry sent. Returns that field's id and the problem worded for the field, or null.
 */
export function fieldErrorOf(error: ErrorAt | null | undefined, sent: readonly { id: string }[]): { fieldId: string; text: string } | null {
  const [root, index, ...rest] = error?.path ?? [];
  const entry = root === "prefill_data" && typeof index === "number" ? sent[index] : undefined;
  if (!entry || !error?.reason) return null;
  return { fieldId: entry.id, text: problemText(rest, error.reason) };
}
