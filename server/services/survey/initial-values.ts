import "server-only";
import type { FormElement, PrefillValue } from "@/db/schema";
import { elementCategory } from "@/lib/forms/element-types";
import type { ResolvedPhone } from "@/lib/phone/phone";
import { createPrefillDataValidator } from "@/server/services/prefills/prefill-data";
import { isJsonObject } from "@/lib/values/json";

/**
 * What a survey page starts with, as form values (the field names of lib/answers/form-values.ts):
 *
 * 1. the survey URL's own query, `?<element id>=<value>`, for simple fields (text types,
 *    phone, hidden, radio, dropdown, picture-checkbox), each value read by the prefill rules
 *    (prefills/prefill-data.ts: option ids; phone.ts) and ignored when it breaks them;
 * 2. the prefill (`?_prefill=` or the unique link's own), which wins for the same field;
 * 3. defaults: a ranking in the form's option order, one empty repeat-field row, and the
 *    visitor's country (from Accept-Language) for phone selectors.
 */
export type FormValues = Record<string, unknown>;
export type PrefillSource = { data: readonly PrefillValue[]; resolved: Readonly<Record<string, unknown>> };

const SIMPLE = new Set(["text", "single-choice"]);

export function initialFormValues(
  elements: readonly FormElement[],
  opts: { prefill?: PrefillSource | null; query?: Readonly<Record<string, string>>; defaultCountry?: string | null },
): FormValues {
  const values: FormValues = {};
  const fromQuery = queryPrefill(elements, opts.query ?? {});
  const entries = new Map<string, { value: unknown; resolved: unknown }>();
  for (const e of fromQuery.data) entries.set(e.id, { value: e.value, resolved: fromQuery.resolved[e.id] });
  for (const e of opts.prefill?.data ?? []) entries.set(e.id, { value: e.value, resolved: opts.prefill?.resolved[e.id] });

  for (const element of elements) {
    const given = entries.get(element.id);
    const value = given ? toFormValue(element, given.value, given.resolved) : defaultValue(element, opts.defaultCountry ?? null);
    if (value !== undefined) values[element.id] = value;
  }
  return values;
}

/** Query parameters naming simple elements, each kept only when the prefill rules accept it. */
function queryPrefill(elements: readonly FormElement[], query: Readonly<Record<string, string>>) {
  const validate = createPrefillDataValidator(elements);
  const data: PrefillValue[] = [];
  const resolved: Record<string, unknown> = {};
  for (const element of elements) {
    const raw = query[element.id];
    if (raw === undefined || !SIMPLE.has(elementCategory(element.type) ?? "")) continue;
    try {
      const checked = validate([{ id: element.id, value: raw }]);
      data.push(...checked.data);
      Object.assign(resolved, checked.resolved);
    } catch {
      // A query value the field cannot take: the field starts empty.
    }
  }
  return { data, resolved };
}

function toFormValue(element: FormElement, value: unknown, resolved: unknown): unknown {
  const optionValue = (id: unknown) => element.options?.find((o) => o.id === id)?.value;
  switch (elementCategory(element.type)) {
    case "text":
      if (element.type === "phone") return phoneValue(element, value, resolved);
      // A date-time prefill fills a date input with its date.
      if (element.type === "date") return String(value).slice(0, 10);
      return String(value);
    case "single-choice":
      return optionValue(value);
    case "multi-choice": {
      const chosen = (Array.isArray(value) ? value : []).map(optionValue).filter((v): v is string => v !== undefined);
      if (element.type !== "ranking") return chosen;
      // A ranking lists every option: the prefilled ones first, in their order.
      return [...chosen, ...(element.options ?? []).map((o) => o.value).filter((v) => !chosen.includes(v))];
    }
    case "matrix": {
      if (!isJsonObject(value)) return undefined;
      const out: Record<string, string> = {};
      for (const [rowId, cells] of Object.entries(value)) {
        const column = isJsonObject(cells)
          ? Object.entries(cells).find(([, cell]) => cell !== false && cell !== "" && cell !== null)?.[0]
          : undefined;
        if (column) out[rowId] = column;
      }
      return out;
    }
    case "repeat": {
      if (!Array.isArray(value)) return undefined;
      const extras = Array.isArray(resolved) ? resolved : [];
      const components = element.components ?? [];
      const rows = value.map((row: unknown, i) => {
        const out: FormValues = {};
        const rowExtras = isJsonObject(extras[i]) ? extras[i] : {};
        for (const component of components) {
          const v = isJsonObject(row) ? row[component.id] : undefined;
          const converted = v === undefined ? defaultValue(component, null) : toFormValue(component, v, rowExtras[component.id]);
          if (converted !== undefined) out[component.id] = converted;
        }
        return out;
      });
      return rows.length ? rows : [{}];
    }
    case "composite":
      return isJsonObject(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)])) : undefined;
    default:
      return String(value);
  }
}

/** Selector on: the country and the local digits that prefill-data resolved; off: as entered. */
function phoneValue(element: FormElement, value: unknown, resolved: unknown): unknown {
  if (element.countrySelector !== true) return String(value);
  const phone = resolved as ResolvedPhone | undefined;
  if (!phone) return { number: String(value) };
  return phone.country ? { country: phone.country, number: phone.number } : { number: phone.number };
}

function defaultValue(element: FormElement, country: string | null): unknown {
  if (element.type === "ranking") return (element.options ?? []).map((o) => o.value);
  if (element.type === "repeat-field") return [{}];
  if (element.type === "phone" && element.countrySelector === true && country) return { country };
  return undefined;
}
