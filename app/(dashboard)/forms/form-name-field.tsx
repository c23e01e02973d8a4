"use client";

import type { InputHTMLAttributes } from "react";

/**
 * A form's name input (New form, Rename): the server's name rule answers, and its message
 * stands under the field, announced and linked by aria-describedby. `invalid` (default: there
 * is an `error`) marks the input itself; a failure not about the name shows there unmarked.
 */
export function FormNameField({
  id,
  label,
  hideLabel = false,
  error,
  invalid = error !== null,
  ...input
}: { id: string; label: string; hideLabel?: boolean; error: string | null; invalid?: boolean } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id"
>) {
  const errorId = `${id}-error`;
  return (
    <div className={invalid ? "field is-invalid" : "field"}>
      <label htmlFor={id} className={hideLabel ? "visually-hidden" : undefined}>
        {label}
      </label>
      <input
        id={id}
        maxLength={200}
        autoComplete="off"
        aria-invalid={invalid ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
