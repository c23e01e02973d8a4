import type { FormElement } from "@/db/schema";

/**
 * The one list of element types and what kind of value each holds. Form-file
 * validation, prefill values, submission data and filters all read it from here.
 *
 * Category → value shape in v2 `data` (ZV2Submission's `data`) / in `prefill_data` (prefills/prefill-data.ts):
 * - `text`           string or number            | string or number (phone: string, phone.ts)
 * - `single-choice`  the option's `value`        | the option's `id`
 * - `multi-choice`   array of option `value`s    | array of option `id`s
 * - `matrix`         {rowId: {columnId: cell}}   | same
 * - `repeat`         [{componentId: value}]      | same
 * - `composite`      {fixedname: string}         | {fixedname: value} (name and address)
 * - `file`           [{name, size, contentType, url}] (stored: [{id, name, size, contentType}]) | not prefillable
 *
 * Deliberately tight: layout-only types (LAYOUT_TYPES: the page break) hold no value and are
 * not listed here; consumers of answers read `answerElements`, which leaves them out.
 */
export const ELEMENT_CATEGORIES = {
  text: ["short-text", "long-text", "email", "number", "date", "hidden", "phone"],
  "single-choice": ["radio", "dropdown", "picture-checkbox"],
  "multi-choice": ["multiple-checkbox", "ranking"],
  matrix: ["matrix"],
  repeat: ["repeat-field"],
  composite: ["name", "address"],
  file: ["file-upload"],
} as const;

export type ElementCategory = keyof typeof ELEMENT_CATEGORIES;
export type ElementType = (typeof ELEMENT_CATEGORIES)[ElementCategory][number];
export type ChoiceType = (typeof ELEMENT_CATEGORIES)["single-choice" | "multi-choice"][number];
export type CompositeType = (typeof ELEMENT_CATEGORIES)["composite"][number];

const CATEGORY_OF = new Map<string, ElementCategory>(
  (Object.entries(ELEMENT_CATEGORIES) as [ElementCategory, readonly ElementType[]][]).flatMap(([category, types]) =>
    types.map((t) => [t, category] as const),
  ),
);

/** Every element type, grouped by category. */
export const ELEMENT_TYPES = [...CATEGORY_OF.keys()] as readonly ElementType[];
export const CHOICE_TYPES: readonly ChoiceType[] = [...ELEMENT_CATEGORIES["single-choice"], ...ELEMENT_CATEGORIES["multi-choice"]];

/**
 * Elements that hold no answer: a `page-break` starts a new page (its label is the page's
 * title); the first page has none. Only at the top level of a tree.
 */
export const LAYOUT_TYPES = ["page-break"] as const;
export type LayoutType = (typeof LAYOUT_TYPES)[number];
export const PAGE_BREAK: LayoutType = "page-break";
export const isLayoutType = (type: string): type is LayoutType => (LAYOUT_TYPES as readonly string[]).includes(type);

/** The elements that take answers: the tree without its page breaks (the same array when it has none). */
export function answerElements<E extends { type: string }>(elements: readonly E[]): readonly E[] {
  return elements.some((e) => isLayoutType(e.type)) ? elements.filter((e) => !isLayoutType(e.type)) : elements;
}

/** The category of a type, or null for a type this service does not know. */
export const elementCategory = (type: string): ElementCategory | null => CATEGORY_OF.get(type) ?? null;

export const isTextLike = (type: string) => elementCategory(type) === "text";
/** radio, dropdown, picture-checkbox: one option. */
export const isSingleChoice = (type: string) => elementCategory(type) === "single-choice";
/** multiple-checkbox, ranking: an array of options. */
export const isMultiChoice = (type: string) => elementCategory(type) === "multi-choice";
/** Every type with `options`. */
export const isChoiceType = (type: string): type is ChoiceType => isSingleChoice(type) || isMultiChoice(type);
/** name and address: `children` sub-fields, value keyed by `fixedname`. */
export const isComposite = (type: string): type is CompositeType => elementCategory(type) === "composite";

/** file-upload: files sent with the answers (multipart/form-data), stored privately (server/uploads/). */
export const isFileUpload = (type: string) => elementCategory(type) === "file";

/** Where an element sits in the tree, as a path such as `["elements", 3, "components", 0]`. */
export type ElementPath = (string | number)[];
export type WalkedElement = {
  element: FormElement;
  path: ElementPath;
  /** The repeat-field this element is a component of; null at the top level. */
  parent: FormElement | null;
  depth: number;
};

/**
 * Every element of a tree, depth first in document order, including repeat-field
 * components (at any depth). `root` names the array in paths (default `elements`).
 */
export function* walkElements(elements: readonly FormElement[], root: ElementPath = ["elements"]): Generator<WalkedElement> {
  function* walk(list: readonly FormElement[], path: ElementPath, parent: FormElement | null, depth: number): Generator<WalkedElement> {
    for (const [i, element] of list.entries()) {
      const here = [...path, i];
      yield { element, path: here, parent, depth };
      if (Array.isArray(element.components)) yield* walk(element.components, [...here, "components"], element, depth + 1);
    }
  }
  yield* walk(elements, root, null, 0);
}

/** Finds an element anywhere in the tree (ids are unique across the tree). */
export function findElement(elements: readonly FormElement[], id: string): FormElement | null {
  for (const { element } of walkElements(elements)) if (element.id === id) return element;
  return null;
}
