import type { FormElement } from "@/db/schema";

/**
 * The fields the dashboard's prefill editor offers: a form's top-level elements whose value
 * is one plain input. Which input each gets is decided here, once; the values it produces
 * are validated by prefill-data.ts like any API request.
 *
 * - `text` (short-text, hidden), `textarea` (long-text), `email`, `number`, `date`,
 *   `phone` (typed as text: `+44-2071234567` with a country selector): a string.
 * - `choice` (radio, dropdown, picture-checkbox): one option id.
 * - `checkboxes` (multiple-checkbox): option ids.
 *
 * Everything else — ranking (the order matters), matrix, repeat-field, name, address and
 * types this service does not know — is listed under `apiOnly`: the API can prefill it.
 */
export type EditorInput = "text" | "textarea" | "email" | "number" | "date" | "phone" | "choice" | "checkboxes";

export type EditorField = {
  id: string;
  label: string;
  type: string;
  input: EditorInput;
  /** Choice inputs: the options; the id is what a prefill stores. */
  options: { id: string; label: string }[];
  /** Phone: whether the respondent picks a country (then the value carries a dial code). */
  countrySelector: boolean;
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
};

export function prefillEditorFields(elements: readonly FormElement[]): {
  fields: EditorField[];
  apiOnly: { id: string; label: string; type: string }[];
} {
  const fields: EditorField[] = [];
  const apiOnly: { id: string; label: string; type: string }[] = [];
  for (const e of elements) {
    const input = Object.hasOwn(INPUT_OF, e.type) ? INPUT_OF[e.type] : undefined;
    if (!input) {
      apiOnly.push({ id: e.id, label: e.label, type: e.type });
      continue;
    }
    fields.push({
      id: e.id,
      label: e.label,
      type: e.type,
      input,
      options: (e.options ?? []).map((o) => ({ id: o.id, label: o.label })),
      countrySelector: e.type === "phone" && e.countrySelector === true,
    });
  }
  return { fields, apiOnly };
}
