import "server-only";
import type { FormElement } from "@/db/schema";
import { isComposite } from "@/lib/forms/element-types";

/**
 * Submission data keyed by field label — the v1 `data` (`GET /api/v1/submissions`) and the connector's
 * `data.submission` (server/webhooks/delivery/connector-payload.ts) — from the stored data keyed by element id:
 * - one key per top-level element that has a stored value, in the form's order; its value
 *   exactly as stored (v2 shape: choice values are option values, matrix
 *   `{rowId: {colId: v}}`, repeat-field `[{componentId: v}]`) — except
 * - name/address values, whose keys are their sub-fields' labels instead of fixednames
 *   (a key the element does not list stays under its fixedname);
 * - a label already used by an earlier key becomes `Label (elementId)`, so no value is ever
 *   hidden by another; a blank label is the element id; the same rules apply among the
 *   sub-fields of one name/address value, with the fixedname in place of the id;
 * - stored values of elements the form no longer has are kept, after the others, under their
 *   element id (the same collision rule).
 * With `throughout` (a form webhook's `fields`: labels all the way down), a matrix value is keyed
 * by its rows' and columns' labels and a repeat field's entries by their components' labels, by
 * the same rules; ids the element does not list stay as they are.
 */
export function dataByLabel(
  elements: readonly FormElement[],
  data: Readonly<Record<string, unknown>>,
  opts: { throughout?: boolean } = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = uniqueKeys(out);
  const known = new Set<string>();
  for (const el of elements) {
    if (!el || typeof el.id !== "string") continue;
    known.add(el.id);
    if (!Object.hasOwn(data, el.id)) continue;
    put(el.label, el.id, valueByLabel(el, data[el.id], opts.throughout === true));
  }
  for (const [id, value] of Object.entries(data)) if (!known.has(id)) put(id, id, value);
  return out;
}

function valueByLabel(el: FormElement, value: unknown, throughout: boolean): unknown {
  if (isComposite(el.type)) return compositeByLabel(el, value);
  if (!throughout) return value;
  if (el.type === "matrix" && isPlainObject(value)) {
    return keysByLabel(el.rows, value, (row) => (isPlainObject(row) ? keysByLabel(el.columns, row, (cell) => cell) : row));
  }
  if (el.type === "repeat-field" && Array.isArray(value)) {
    const components = el.components ?? [];
    return value.map((entry) => (isPlainObject(entry) ? dataByLabel(components, entry, { throughout }) : entry));
  }
  return value;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** `{id: v}` → `{label: each(v)}` by the axis items' labels; ids not listed keep their id. */
function keysByLabel(
  items: readonly { id: string; label: string }[] | undefined,
  value: Record<string, unknown>,
  each: (v: unknown) => unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = uniqueKeys(out);
  const known = new Set<string>();
  for (const item of items ?? []) {
    if (!item || typeof item.id !== "string") continue;
    known.add(item.id);
    if (Object.hasOwn(value, item.id)) put(item.label, item.id, each(value[item.id]));
  }
  for (const [id, v] of Object.entries(value)) if (!known.has(id)) put(id, id, each(v));
  return out;
}

/** `{fixedname: v}` → `{childLabel: v}`; anything but a plain object is returned as stored. */
function compositeByLabel(el: FormElement, value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const parts = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const put = uniqueKeys(out);
  const known = new Set<string>();
  for (const child of el.children ?? []) {
    if (!child || typeof child.fixedname !== "string") continue;
    known.add(child.fixedname);
    if (Object.hasOwn(parts, child.fixedname)) put(child.label, child.fixedname, parts[child.fixedname]);
  }
  for (const [name, v] of Object.entries(parts)) if (!known.has(name)) put(name, name, v);
  return out;
}

/**
 * A writer that never overwrites: a blank label is the id; a taken key becomes
 * `label (id)`, then `label (id, 2)`, … Keys are defined as own properties, so a label such
 * as `__proto__` is an ordinary key.
 */
function uniqueKeys(out: Record<string, unknown>) {
  return (label: unknown, id: string, value: unknown) => {
    const base = typeof label === "string" && label.trim() !== "" ? label : id;
    let key = base;
    if (Object.hasOwn(out, key)) key = `${base} (${id})`;
    for (let n = 2; Object.hasOwn(out, key); n++) key = `${base} (${id}, ${n})`;
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  };
}
