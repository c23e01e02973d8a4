import type { EditorField, EditorFieldBase } from "./prefill-values";

/**
 * Stored prefill values in words, for people: option ids become their labels, a matrix reads
 * "Row: Column", name/address parts "Part: text", repeat-field rows one line each. Values of
 * fields the editor does not know are shown as JSON under their element id.
 */
export type DescribedValue = { id: string; label: string; lines: string[] };

const isHash = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));
/** An object's entries in the form's order (stored jsonb sorts keys by length), unknown keys last. */
const inOrder = (value: Record<string, unknown>, order: readonly string[]) =>
  Object.entries(value).sort(([a], [b]) => rank(order, a) - rank(order, b));
const rank = (order: readonly string[], key: string) => (order.includes(key) ? order.indexOf(key) : order.length);

export function describeValue(field: EditorField | EditorFieldBase, value: unknown): string[] {
  const option = (id: unknown) => field.options.find((o) => o.id === id)?.label ?? text(id);
  switch (field.input) {
    case "choice":
      return [option(value)];
    case "checkboxes":
      return [(Array.isArray(value) ? value : [value]).map(option).join(", ")];
    case "ranking":
      return (Array.isArray(value) ? value : [value]).map((id, i) => `${i + 1}. ${option(id)}`);
    case "matrix":
      if (!isHash(value)) return [text(value)];
      return inOrder(
        value,
        field.rows.map((r) => r.id),
      ).map(([rowId, cells]) => {
        const row = field.rows.find((r) => r.id === rowId)?.label ?? rowId;
        const chosen = isHash(cells) ? Object.entries(cells).filter(([, on]) => on !== false && on !== "" && on !== null) : [];
        const column = (c: string) => field.columns.find((x) => x.id === c)?.label ?? c;
        return `${row}: ${chosen.map(([c, cell]) => (cell === true ? column(c) : `${column(c)} = ${text(cell)}`)).join(", ")}`;
      });
    case "composite":
      if (!isHash(value)) return [text(value)];
      return inOrder(
        value,
        field.parts.map((p) => p.key),
      ).map(([key, part]) => `${field.parts.find((p) => p.key === key)?.label ?? key}: ${text(part)}`);
    case "repeat": {
      if (!Array.isArray(value)) return [text(value)];
      const components = "components" in field ? field.components : [];
      return value.map((row: unknown, i) => {
        const parts = isHash(row)
          ? inOrder(
              row,
              components.map((c) => c.id),
            ).map(([cid, v]) => {
              const c = components.find((x) => x.id === cid);
              return `${c?.label ?? cid}: ${c ? describeValue(c, v).join("; ") : text(v)}`;
            })
          : [text(row)];
        return `Row ${i + 1}: ${parts.join(" · ")}`;
      });
    }
    default:
      return [text(value)];
  }
}

export function describeValues(fields: readonly EditorField[], data: readonly { id: string; value?: unknown }[]): DescribedValue[] {
  return data.map(({ id, value }) => {
    const field = fields.find((f) => f.id === id);
    return field ? { id, label: field.label, lines: describeValue(field, value) } : { id, label: id, lines: [text(value)] };
  });
}
