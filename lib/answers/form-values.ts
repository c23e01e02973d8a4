import type { FormElement } from "@/db/schema";
import { elementCategory } from "@/lib/forms/element-types";
import { dialCodeOfCountry } from "@/lib/phone/phone-countries";
import { isJsonObject } from "@/lib/values/json";

/**
 * Form posts (the survey page, or an HTML form on the owner's site) → `data` in the v2 shape
 * that validate-answers.ts checks. Field names follow Conform's dot/bracket convention, and
 * the payload arrives already nested by it (`full_name.first_name` → `{full_name: {first_name}}`):
 *
 * | element              | field name(s)                                      | becomes                      |
 * |----------------------|----------------------------------------------------|------------------------------|
 * | text, choice         | `<id>`                                             | the value (option value)     |
 * | multiple-checkbox    | `<id>` once per checked value, or `<id>[0]`, …     | array of values              |
 * | ranking              | `<id>[0]`, `<id>[1]`, … in rank order              | array of values              |
 * | matrix               | `<id>.<rowId>` = column id                         | `{rowId: {columnId: true}}`  |
 * | repeat-field         | `<id>[<row>].<componentId>` (by these same rules)  | `[{componentId: value}]`     |
 * | name, address        | `<id>.<fixedname>`                                 | `{fixedname: value}`         |
 * | file-upload          | `<id>` once per file (a file part, or an upload token of an earlier step) | array  |
 * | phone                | `<id>` (`+44 20 7123 4567`), or `<id>.country` (ISO code, e.g. GB) + `<id>.number` | `+44 …` |
 *
 * Names starting with `_` that are not element ids are reserved (`_start`, `_website`) and
 * never data. Anything else is passed through for the validator to report.
 */
export type FormPayload = Record<string, unknown>;

/** Assigns even a key such as `__proto__` as an own property. */
function defineKey(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export function formValuesToData(elements: readonly FormElement[], payload: FormPayload): Record<string, unknown> {
  return convertEntries(new Map(elements.map((e) => [e.id, e] as const)), payload, true);
}

function convertEntries(byId: ReadonlyMap<string, FormElement>, payload: FormPayload, topLevel: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    const element = byId.get(key);
    if (!element && topLevel && key.startsWith("_")) continue;
    defineKey(out, key, element ? fromFormValue(element, value) : value);
  }
  return out;
}

function fromFormValue(element: FormElement, value: unknown): unknown {
  switch (elementCategory(element.type)) {
    case "text":
      return element.type === "phone" && isJsonObject(value) ? phoneFromParts(value) : value;
    case "multi-choice":
      return typeof value === "string" ? [value] : value;
    case "file":
      // One file or upload token, or several.
      return value === undefined || value === null || Array.isArray(value) ? value : [value];
    case "matrix":
      if (!isJsonObject(value)) return value;
      return Object.fromEntries(
        Object.entries(value).map(([row, column]) => [
          row,
          typeof column === "string" ? (column === "" ? null : { [column]: true }) : column,
        ]),
      );
    case "repeat": {
      if (!Array.isArray(value)) return value;
      const components = new Map((element.components ?? []).map((c) => [c.id, c] as const));
      // Array.from fills the holes of a sparse row list (`rows[2]` posted without `rows[1]`).
      return Array.from(value, (row: unknown) => (isJsonObject(row) ? convertEntries(components, row, false) : (row ?? {})));
    }
    default:
      return value;
  }
}

/** The country's dial code before the number; a number typed with its own `+` keeps it. */
function phoneFromParts(parts: Record<string, unknown>): unknown {
  const { country, number } = parts;
  if (typeof number !== "string") return number;
  const local = number.trim();
  if (local === "" || local.startsWith("+")) return local;
  const dialCode = typeof country === "string" ? dialCodeOfCountry(country) : null;
  return dialCode ? `${dialCode} ${local}` : local;
}
