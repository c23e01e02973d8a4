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

/**
 * The field a service message is about: `prefill_data[2].value must be …` names the third
 * entry sent. Returns that field's id and the rest of the message, or null.
 */
export function fieldErrorOf(message: string, sent: readonly { id: string }[]): { fieldId: string; text: string } | null {
  const match = /^prefill_data\[(\d+)\]\.?(.*)$/i.exec(message);
  const entry = match ? sent[Number(match[1])] : undefined;
  if (!match || !entry) return null;
  const text = match[2]!.trim();
  return { fieldId: entry.id, text: text.charAt(0).toUpperCase() + text.slice(1) };
}
