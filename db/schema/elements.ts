/**
 * The element tree of a form, stored as jsonb on `forms.elements` in exactly the shape
 * `GET /api/v2/forms/{id}` returns it. Validation of this shape lives in lib/forms/definition.ts; the
 * list of types and their categories in lib/forms/element-types.ts.
 */
export type ChoiceOption = { id: string; label: string; value: string };
export type MatrixAxisItem = { id: string; label: string; value?: string };
export type CompositeChild = { fixedname: string; label: string; required: boolean };

export type FormElement = {
  id: string;
  label: string;
  type: string;
  required?: boolean;
  options?: ChoiceOption[];
  rows?: MatrixAxisItem[];
  columns?: MatrixAxisItem[];
  components?: FormElement[];
  children?: CompositeChild[];
  /** phone: whether the respondent picks a country (lib/phone/phone.ts). */
  countrySelector?: boolean;
  [extra: string]: unknown;
};
