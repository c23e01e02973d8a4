import type { ChoiceOption, CompositeChild, FormElement, MatrixAxisItem } from "@/db/schema";
import { elementCategory, isChoiceType, PAGE_BREAK, type ElementType, type LayoutType } from "@/lib/forms/element-types";

/**
 * The builder's edits of an element tree, as pure functions. Ids (element, option, row,
 * column) are made once, when the thing is created, and never rewritten by a rename, a move
 * or a type change: submissions, prefills, filters and integrations are keyed by them.
 */

export const TYPE_LABELS: Record<ElementType | LayoutType, string> = {
  "short-text": "Short text",
  "long-text": "Long text",
  email: "Email",
  number: "Number",
  date: "Date",
  hidden: "Hidden",
  phone: "Phone",
  radio: "Radio buttons",
  dropdown: "Dropdown",
  "picture-checkbox": "Picture choice",
  "multiple-checkbox": "Checkboxes",
  ranking: "Ranking",
  matrix: "Matrix",
  "repeat-field": "Repeat field",
  name: "Name",
  address: "Address",
  "file-upload": "File upload",
  "page-break": "Page break",
};

/** What a new field (or page) is called until the owner types over it (selected, so typing replaces it). */
export const UNTITLED_QUESTION = "Untitled question";
export const UNTITLED_PAGE = "Untitled page";

/** The sub-fields a name or address may show, in the order the survey asks them. */
export const COMPOSITE_PARTS: Record<"name" | "address", { fixedname: string; label: string; required: boolean; shown: boolean }[]> = {
  name: [
    { fixedname: "first_name", label: "First name", required: true, shown: true },
    { fixedname: "middle_name", label: "Middle name", required: false, shown: false },
    { fixedname: "last_name", label: "Last name", required: true, shown: true },
  ],
  address: [
    { fixedname: "street", label: "Street", required: true, shown: true },
    { fixedname: "city", label: "City", required: true, shown: true },
    { fixedname: "state", label: "State or region", required: false, shown: false },
    { fixedname: "zip", label: "ZIP code", required: false, shown: true },
    { fixedname: "country", label: "Country", required: false, shown: true },
  ],
};

/** Short, unique, URL- and prefill-friendly ids: `el_k3x9q2`, `opt_…`. */
export function newId(prefix: "el" | "pg" | "opt" | "row" | "col" | "end"): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `${prefix}_${[...bytes].map((b) => (b % 36).toString(36)).join("")}`;
}

export const newOption = (label = ""): ChoiceOption => ({ id: newId("opt"), label, value: label });
export const newAxisItem = (kind: "row" | "col", label = ""): MatrixAxisItem => ({ id: newId(kind), label });

export function newElement(type: ElementType | LayoutType): FormElement {
  if (type === PAGE_BREAK) return { id: newId("pg"), label: UNTITLED_PAGE, type };
  const base: FormElement = { id: newId("el"), label: UNTITLED_QUESTION, type, required: false };
  switch (elementCategory(type)) {
    case "single-choice":
    case "multi-choice":
      return { ...base, options: [] };
    case "matrix":
      return { ...base, rows: [], columns: [] };
    case "repeat":
      return { ...base, components: [] };
    case "composite":
      return {
        ...base,
        children: COMPOSITE_PARTS[type as "name" | "address"]
          .filter((p) => p.shown)
          .map(({ fixedname, label, required }) => ({ fixedname, label, required })),
      };
    default:
      return type === "phone" ? { ...base, countrySelector: false } : base;
  }
}

/** A copy with new ids everywhere (the copy is a new question; its answers are its own). */
export function duplicateElement(element: FormElement): FormElement {
  return {
    ...element,
    id: newId("el"),
    options: element.options?.map((o) => ({ ...o, id: newId("opt") })),
    rows: element.rows?.map((r) => ({ ...r, id: newId("row") })),
    columns: element.columns?.map((c) => ({ ...c, id: newId("col") })),
    components: element.components?.map(duplicateElement),
    children: element.children?.map((c) => ({ ...c })),
  };
}

/** The types an element can become without losing what it holds. */
export function convertibleTypes(type: string): ElementType[] {
  const category = elementCategory(type);
  if (category === "text") return ["short-text", "long-text", "email", "number", "date", "hidden", "phone"];
  if (category === "single-choice" || category === "multi-choice")
    return ["radio", "dropdown", "picture-checkbox", "multiple-checkbox", "ranking"];
  return [];
}

/** Same id, same label, same options: only the type (and what only the old type had) changes. */
export function changeType(element: FormElement, type: ElementType): FormElement {
  if (!convertibleTypes(element.type).includes(type)) return element;
  const next: FormElement = { ...element, type };
  if (type !== "phone") delete next.countrySelector;
  else next.countrySelector ??= false;
  if (isChoiceType(type)) next.options = element.options ?? [];
  return next;
}

/** One option per non-blank line, added after the existing ones. */
export function pasteOptions(options: readonly ChoiceOption[], text: string): ChoiceOption[] {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return [...options, ...lines.map((l) => newOption(l))];
}

export function pasteAxisItems(kind: "row" | "col", items: readonly MatrixAxisItem[], text: string): MatrixAxisItem[] {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return [...items, ...lines.map((l) => newAxisItem(kind, l))];
}

/** An option's stored value follows its label (the id is what stays). */
export const renameOption = (o: ChoiceOption, label: string): ChoiceOption => ({ ...o, label, value: label });

export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** The composite's parts as the editor shows them: every known part, shown or not. */
export function compositeParts(element: FormElement) {
  const catalog = COMPOSITE_PARTS[element.type as "name" | "address"] ?? [];
  const children = element.children ?? [];
  const known = catalog.map((p) => {
    const child = children.find((c) => c.fixedname === p.fixedname);
    return child ? { ...child, shown: true } : { fixedname: p.fixedname, label: p.label, required: p.required, shown: false };
  });
  // Sub-fields an imported form has that the catalog does not: kept, shown.
  const extra = children.filter((c) => !catalog.some((p) => p.fixedname === c.fixedname)).map((c) => ({ ...c, shown: true }));
  return [...known, ...extra];
}

export function setCompositePart(
  element: FormElement,
  fixedname: string,
  change: Partial<CompositeChild & { shown: boolean }>,
): FormElement {
  const parts = compositeParts(element).map((p) => (p.fixedname === fixedname ? { ...p, ...change } : p));
  return {
    ...element,
    children: parts.filter((p) => p.shown).map(({ fixedname: f, label, required }) => ({ fixedname: f, label, required })),
  };
}
