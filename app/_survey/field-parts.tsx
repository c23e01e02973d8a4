import type { ReactNode } from "react";
import type { SurveyElement } from "@/lib/survey/survey-elements";
import type { Field } from "./conform";

/** Pieces every field shares: the required mark, the hint, the error line. */

export function RequiredMark({ required }: { required: boolean }) {
  // Controls carry `required` (announced by screen readers); the asterisk is for the eye.
  return required ? (
    <span className="sv-required" aria-hidden="true">
      *
    </span>
  ) : null;
}

/**
 * A control's label. The asterisk sits beside the `<label>`, not in it, so the label's text
 * is exactly the element's label (`getByLabel("Email", { exact: true })` finds the control).
 */
export function Label({
  htmlFor,
  id,
  required,
  sub,
  children,
}: {
  htmlFor: string;
  id?: string;
  required: boolean;
  sub?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={sub ? "sv-label-row sv-label-row-sub" : "sv-label-row"}>
      <label className={sub ? "sv-sublabel" : "sv-label"} htmlFor={htmlFor} id={id}>
        {children}
      </label>
      <RequiredMark required={required} />
    </div>
  );
}

export const hintId = (field: Field) => field.descriptionId;

export function Hint({ element, field }: { element: SurveyElement; field: Field }) {
  if (!element.description) return null;
  return (
    <p className="sv-hint" id={hintId(field)}>
      {element.description}
    </p>
  );
}

/** The field's own errors; its id is what the controls' `aria-describedby` names. */
export function FieldError({ field, errors = field.errors }: { field: Field; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p className="sv-error" id={field.errorId}>
      <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16">
        <path fill="currentColor" d="M10 1.7a8.3 8.3 0 1 0 0 16.6 8.3 8.3 0 0 0 0-16.6Zm.9 12.6H9.1v-1.8h1.8v1.8Zm0-3.4H9.1V5.7h1.8v5.2Z" />
      </svg>
      <span>{errors.join(". ")}</span>
    </p>
  );
}

/** `aria-describedby` of a control: its error (when there is one), then its hint. */
export function describedBy(field: Field, element: SurveyElement, errors = field.errors): string | undefined {
  const ids = [errors?.length ? field.errorId : null, element.description ? hintId(field) : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

/** The state every control carries: required, invalid, and what describes it (hint, error). */
export const controlState = (field: Field, element: SurveyElement) => ({
  required: element.required,
  "aria-invalid": field.errors ? true : undefined,
  "aria-describedby": describedBy(field, element),
});

/** One labelled control (text, long text, dropdown): its block, label, hint, the control, its error. */
export function LabelledField({ element, field, children }: { element: SurveyElement; field: Field; children: ReactNode }) {
  return (
    <Block invalid={Boolean(field.errors)}>
      <Label htmlFor={field.id} required={element.required}>
        {element.label}
      </Label>
      <Hint element={element} field={field} />
      {children}
      <FieldError field={field} />
    </Block>
  );
}

/** A question block: one per element, marked invalid for the red rule beside it. */
export function Block({ invalid, children }: { invalid: boolean; children: ReactNode }) {
  return <div className={`sv-block${invalid ? " sv-block-invalid" : ""}`}>{children}</div>;
}

/** A group of controls named by its legend (choices, name/address, rows). */
export function Group({
  element,
  field,
  legend,
  children,
  className = "",
  requiredNote,
}: {
  element: SurveyElement;
  field: Field;
  legend?: ReactNode;
  children: ReactNode;
  className?: string;
  /** For groups whose controls cannot carry `required` (checkboxes, ranking). */
  requiredNote?: boolean;
}) {
  return (
    <fieldset className={`sv-group ${className}`} id={field.id} aria-describedby={describedBy(field, element)}>
      <legend className="sv-label">
        {legend ?? element.label}
        <RequiredMark required={element.required} />
        {requiredNote && element.required ? <span className="sv-visually-hidden"> (required)</span> : null}
      </legend>
      <Hint element={element} field={field} />
      {children}
      <FieldError field={field} />
    </fieldset>
  );
}
