import { formatPath } from "@/server/services/lib/paths";

/**
 * The prefill editor's state → the `prefill_data` the service validates. Only fields the user
 * filled in are sent; the rules for the values themselves live in the service.
 */
export type EditorValues = Record<string, string | string[]>;
export type EditorFieldRef = { id: string; input: string; options: { id: string }[] };

export type PrefillEntry = { id: string; value: string | string[] };

export function toPrefillData(fields: readonly EditorFieldRef[], values: EditorValues): PrefillEntry[] {
  return fields.flatMap((field): PrefillEntry[] => {
    const value = values[field.id];
    if (Array.isArray(value)) {
      // Checked options in the form's order, whatever order they were clicked in.
      const checked = field.options.map((o) => o.id).filter((id) => value.includes(id));
      return checked.length ? [{ id: field.id, value: checked }] : [];
    }
    const text = value?.trim() ?? "";
    return text ? [{ id: field.id, value: text }] : [];
  });
}

/** Where a service error points: the input path and the problem, as the server sends them. */
export type ErrorAt = { path?: readonly (string | number)[]; reason?: string };

/**
 * The field a service error is about: its path `["prefill_data", 2, "value", …]` names the
 * third entry sent. Returns that field's id and the problem worded for the field, or null.
 */
export function fieldErrorOf(error: ErrorAt | null | undefined, sent: readonly { id: string }[]): { fieldId: string; text: string } | null {
  const [root, index, ...rest] = error?.path ?? [];
  const entry = root === "prefill_data" && typeof index === "number" ? sent[index] : undefined;
  if (!entry || !error?.reason) return null;
  const text = [formatPath(rest), error.reason].filter(Boolean).join(" ");
  return { fieldId: entry.id, text: text.charAt(0).toUpperCase() + text.slice(1) };
}
