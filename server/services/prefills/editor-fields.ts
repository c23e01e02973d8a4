import "server-only";
import type { FormElement } from "@/db/schema";

/**
 * The fields the dashboard's prefill editor offers: every top-level element of a type the
 * prefill rules know (all 16 of element-types.ts), with the input that fills it. Which input
 * each gets is decided here, once; the values it produces are validated by prefill-data.ts
 * like any API request.
 *
 * - `text` (short-text, hidden), `textarea` (long-text), `email`, `number`, `date`,
 *   `phone` (typed as text: `+44-2071234567` with a country selector): a string.
 * - `choice` (radio, dropdown, picture-checkbox): one option id.
 * - `checkboxes` (multiple-checkbox): option ids.
 * - `ranking`: option ids in the chosen order (the ones left out follow in the form's order).
 * - `matrix`: one column per row, `{rowId: {columnId: true}}` (the survey's matrix is one
 *   answer a row).
 * - `composite` (name, address): `{fixedname: string}`, one input per part.
 * - `repeat` (repeat-field): rows of `{componentId: value}`, each component by its own input;
 *   a repeat-field nested inside another is left to the API.
 *
 * Types this service does not know are listed under `apiOnly`.
 */
export type EditorInput =
  | "text"
  | "textarea"
  | "email"
  | "number"
  | "date"
  | "phone"
  | "choice"
  | "checkboxes"
  | "ranking"
  | "matrix"
  | "composite"
  | "repeat";

export const EDITOR_INPUTS = [
  "text",
  "textarea",
  "email",
  "number",
  "date",
  "phone",
  "choice",
  "checkboxes",
  "ranking",
  "matrix",
  "composite",
  "repeat",
] as const satisfies readonly EditorInput[];

type Item = { id: string; label: string };

export type EditorFieldBase = {
  id: string;
  label: string;
  type: string;
  input: EditorInput;
  /** Choice and ranking inputs: the options; the id is what a prefill stores. */
  options: Item[];
  /** Phone: whether the respondent picks a country (then the value carries a dial code). */
  countrySelector: boolean;
  /** Matrix: its rows and columns. */
  rows: Item[];
  columns: Item[];
  /** Name and address: the parts, keyed by fixedname. */
  parts: { key: string; label: string }[];
};

export type EditorField = EditorFieldBase & {
  /** Repeat-field: the components a row holds (without nested repeat-fields). */
  components: EditorFieldBase[];
};

const INPUT_OF: Readonly<Record<string, EditorInput>> = {
  "short-text": "text",
  hidden: "text",
  "long-text": "textarea",
  email: "email",
  number: "number",
  date: "date",
  phone: "phone",
  radio: "choice",
  dropdown: "choice",
  "picture-checkbox": "choice",
  "multiple-checkbox": "checkboxes",
  ranking: "ranking",
  matrix: "matrix",
  name: "composite",
  address: "composite",
  "repeat-field": "repeat",
};

const inputOf = (type: string): EditorInput | undefined => (Object.hasOwn(INPUT_OF, type) ? INPUT_OF[type] : undefined);
const items = (list: readonly Item[] | undefined): Item[] => (list ?? []).map((o) => ({ id: o.id, label: o.label }));

function baseField(e: FormElement, input: EditorInput): EditorFieldBase {
  return {
    id: e.id,
    label: e.label,
    type: e.type,
    input,
    options: items(e.options),
    countrySelector: e.type === "phone" && e.countrySelector === true,
    rows: input === "matrix" ? items(e.rows) : [],
    columns: input === "matrix" ? items(e.columns) : [],
    parts: input === "composite" ? (e.children ?? []).map((c) => ({ key: c.fixedname, label: c.label })) : [],
  };
}

export function prefillEditorFields(elements: readonly FormElement[]): {
  fields: EditorField[];
  apiOnly: { id: string; label: string; type: string }[];
} {
  const fields: EditorField[] = [];
  const apiOnly: { id: string; label: string; type: string }[] = [];
  for (const e of elements) {
    const input = inputOf(e.type);
    if (!input) {
      apiOnly.push({ id: e.id, label: e.label, type: e.type });
      continue;
    }
    const components =
      input === "repeat"
        ? (e.components ?? []).flatMap((c) => {
            const inner = inputOf(c.type);
            return inner && inner !== "repeat" ? [baseField(c, inner)] : [];
          })
        : [];
    fields.push({ ...baseField(e, input), components });
  }
  return { fields, apiOnly };
}
