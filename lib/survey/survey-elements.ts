import type { Condition, FormElement } from "@/db/schema";
import { isFileUpload } from "@/lib/forms/element-types";
import { fileLimitsOf, MAX_FILE_SIZE_MB } from "@/lib/uploads/file-rules";

/**
 * The part of a form's element tree a survey page needs, and nothing else of the stored
 * element (the page ships it to the browser, which validates with it too). Optional extras
 * the form file may carry: `description` (a hint under the label), `placeholder`,
 * `maxLength`, and `imageUrl` on picture-checkbox options (http(s) only).
 */
export type SurveyOption = { id: string; label: string; value: string; imageUrl?: string };
export type SurveyElement = {
  id: string;
  label: string;
  type: string;
  required: boolean;
  description?: string;
  placeholder?: string;
  maxLength?: number;
  countrySelector?: boolean;
  options?: SurveyOption[];
  rows?: { id: string; label: string }[];
  columns?: { id: string; label: string; value?: string }[];
  components?: SurveyElement[];
  children?: { fixedname: string; label: string; required: boolean }[];
  /** Logic and field rules, as stored: the page evaluates and validates with them as the server does. */
  showIf?: Condition;
  min?: number;
  max?: number;
  minLength?: number;
  minChoices?: number;
  maxChoices?: number;
  /** file-upload: its limits, the size already under the instance's ceiling (lib/uploads/file-rules.ts). */
  maxFiles?: number;
  maxFileSizeMb?: number;
  accept?: string[];
};

/** Names of the form post's step fields: the page shown, and the Back/Next button pressed. */
export const PAGE_FIELD = "_page";
export const STEP_FIELD = "_step";

const text = (v: unknown, max = 2_000) => (typeof v === "string" && v.trim() !== "" ? v.slice(0, max) : undefined);
const httpUrl = (v: unknown) => (typeof v === "string" && /^https?:\/\//i.test(v) && v.length <= 2_000 ? v : undefined);

/** `uploadCeilingMb`: the instance's largest file (`UPLOAD_MAX_FILE_MB`), which a file field's own limit cannot pass. */
export function surveyElements(elements: readonly FormElement[], uploadCeilingMb = MAX_FILE_SIZE_MB): SurveyElement[] {
  return elements.map((e) => surveyElement(e, uploadCeilingMb));
}

function surveyElement(e: FormElement, uploadCeilingMb: number): SurveyElement {
  const out: SurveyElement = { id: e.id, label: e.label, type: e.type, required: e.required === true };
  const description = text(e.description);
  if (description) out.description = description;
  const placeholder = text(e.placeholder, 200);
  if (placeholder) out.placeholder = placeholder;
  if (typeof e.maxLength === "number" && Number.isInteger(e.maxLength) && e.maxLength > 0) out.maxLength = e.maxLength;
  if (e.type === "phone") out.countrySelector = e.countrySelector === true;
  if (e.options) {
    out.options = e.options.map((o) => {
      const imageUrl = httpUrl((o as Record<string, unknown>).imageUrl);
      return { id: o.id, label: o.label, value: o.value, ...(imageUrl ? { imageUrl } : {}) };
    });
  }
  if (e.rows) out.rows = e.rows.map((r) => ({ id: r.id, label: r.label }));
  if (e.columns) out.columns = e.columns.map((c) => ({ id: c.id, label: c.label, ...(c.value !== undefined ? { value: c.value } : {}) }));
  if (e.components) out.components = e.components.map((c) => surveyElement(c, uploadCeilingMb));
  if (isFileUpload(e.type)) {
    const limits = fileLimitsOf(e, uploadCeilingMb);
    Object.assign(out, { maxFiles: limits.maxFiles, maxFileSizeMb: limits.maxMb, accept: [...limits.accept] });
  }
  if (e.children) out.children = e.children.map((c) => ({ fixedname: c.fixedname, label: c.label, required: c.required === true }));
  if (e.showIf !== undefined) out.showIf = e.showIf;
  for (const rule of ["min", "max", "minLength", "minChoices", "maxChoices"] as const) {
    if (typeof e[rule] === "number") out[rule] = e[rule];
  }
  return out;
}

/** Whether any element (repeat components included) is a phone with a country selector. */
export function hasCountrySelector(elements: readonly SurveyElement[]): boolean {
  return elements.some(
    (e) => (e.type === "phone" && e.countrySelector === true) || (e.components ? hasCountrySelector(e.components) : false),
  );
}
