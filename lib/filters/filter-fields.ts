import type { ChoiceOption, FormElement } from "@/db/schema";
import { FieldResolver, type FilterField } from "./fields";
import { FILTER_TYPES, type FilterType } from "./filters";

/** What value input a filter on a field takes in the dashboard's filter builder. */
export type FilterInput = "text" | "number" | "date" | "choice" | "none";

/**
 * One field a person can filter on, as the dashboard's builder offers it: `key` is the name
 * v2 resolves (`<key>__<type>`), `label` what the person reads, `types` the filter types that
 * make sense for its values (all of them are v2's; the parser still has the last word).
 */
export type FilterableField = {
  key: string;
  label: string;
  elementType: string;
  input: FilterInput;
  types: FilterType[];
  options: Pick<ChoiceOption, "label" | "value">[];
};

const EMPTY: FilterType[] = ["is_empty", "is_filled"];
const EQUALITY: FilterType[] = ["is_equal_to", "is_not_equal_to", "is_in", "is_not_in"];
const TEXT: FilterType[] = ["contains", "does_not_contain"];
const ORDERING: FilterType[] = ["is_greater_than", "is_greater_than_or_equal_to", "is_less_than", "is_less_than_or_equal_to", "in_range"];
const DATES: FilterType[] = ["on", "not_on", "before", "after"];

/** The filter types offered for a field, in v2's order (FILTER_TYPES). */
export function filterTypesFor(f: Pick<FilterField, "kind" | "compareAs">): FilterType[] {
  let offered: FilterType[];
  if (f.kind === "structured") offered = EMPTY;
  else if (f.kind === "choice") offered = [...EQUALITY, ...TEXT, ...EMPTY];
  else if (f.compareAs === "number") offered = [...EQUALITY, ...ORDERING, ...EMPTY];
  else if (f.compareAs === "date") offered = [...EQUALITY, ...DATES, ...ORDERING, ...EMPTY];
  else offered = [...EQUALITY, ...TEXT, ...EMPTY];
  return FILTER_TYPES.filter((t) => offered.includes(t));
}

function inputFor(f: FilterField): FilterInput {
  if (f.kind === "structured") return "none";
  if (f.kind === "choice") return "choice";
  return f.compareAs === "number" ? "number" : f.compareAs === "date" ? "date" : "text";
}

/**
 * Every field of a form the filter builder offers, in document order. Each is named the way
 * v2's resolver finds it: elements and repeat components by id, name/address parts by their
 * label (v2 has no other name for them) — a part whose label an earlier field already holds
 * cannot be addressed and is left out rather than offered and then filtering the wrong field.
 */
export function filterableFields(elements: readonly FormElement[]): FilterableField[] {
  const resolver = new FieldResolver(elements);
  const out: FilterableField[] = [];
  const add = (key: string, label: string, expect: (f: FilterField) => boolean) => {
    const f = resolver.resolve(key);
    if (!f || !expect(f)) return;
    out.push({
      key,
      label,
      elementType: f.elementType,
      input: inputFor(f),
      types: filterTypesFor(f),
      options: (f.options ?? []).map((o) => ({ label: o.label, value: o.value })),
    });
  };
  for (const el of elements) {
    if (!el || typeof el.id !== "string") continue;
    if (Array.isArray(el.children) && (el.type === "name" || el.type === "address")) {
      for (const child of el.children) {
        add(
          child.label,
          `${el.label}: ${child.label}`,
          (f) => f.elementId === el.id && f.location.at === "subfield" && f.location.fixedname === child.fixedname,
        );
      }
      continue;
    }
    add(el.id, el.label, (f) => f.elementId === el.id && f.location.at === "element");
    for (const comp of el.components ?? []) {
      if (comp && typeof comp.id === "string") {
        add(comp.id, `${el.label}: ${comp.label}`, (f) => f.location.at === "component" && f.location.componentId === comp.id);
      }
    }
  }
  return out;
}
