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
  /** When the element (or, on a page break, its whole page) is shown (lib/logic/form-logic.ts). */
  showIf?: Condition;
  /** Help text under the label; the input's placeholder. */
  description?: string;
  placeholder?: string;
  /** Field rules, enforced as `required` is (lib/answers/validate-answers.ts): number, text length, checkbox count. */
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  minChoices?: number;
  maxChoices?: number;
  /** file-upload: at most this many files (default 1), each at most this many MB (default 10), of these types (any). */
  maxFiles?: number;
  maxFileSizeMb?: number;
  accept?: string[];
  [extra: string]: unknown;
};

/**
 * A condition on the answers so far: all or any of its items hold. A rule names a field by
 * element id or label and compares its answer as the filter of the same type of
 * `GET /api/v2/submissions` would (choice values are option ids).
 */
export type Condition = { all: ConditionItem[] } | { any: ConditionItem[] };
export type ConditionRule = { field: string; op: string; value?: unknown };
export type ConditionItem = Condition | ConditionRule;

/** What a respondent sees after finishing: the first ending whose condition holds. */
export type FormEnding = { id: string; title: string; message?: string; redirectUrl?: string; showIf?: Condition };

/**
 * When and how a form takes answers (lib/forms/form-settings.ts): the form file's and the v2
 * detail's `settings`. Every key optional; a form without them takes answers as it always did.
 */
export type FormPublishing = {
  opensAt?: string;
  closesAt?: string;
  maxResponses?: number;
  closedMessage?: string;
  onePerPerson?: "none" | "browser" | "email";
  onePerPersonField?: string;
  captcha?: "none" | "altcha" | "turnstile" | "hcaptcha";
  /** Turnstile's or hCaptcha's site key (public) and secret (never answered by any API). */
  captchaSiteKey?: string;
  captchaSecret?: string;
  embedOrigins?: string[];
  slug?: string;
};

/** The form-level part of a definition, beside its elements (`forms.settings`). */
export type FormSettings = { description?: string; endings?: FormEnding[]; publishing?: FormPublishing };
