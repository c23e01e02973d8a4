"use client";

import type { InputHTMLAttributes } from "react";

/**
 * A labelled input with its hint, or its error in the hint's place (linked by aria-describedby);
 * `optional` marks the label of a field that may stay empty. Sign-in, sign-up and the dashboard's forms.
 */
export function TextField({
  id,
  label,
  optional = false,
  hint,
  error,
  ...input
}: { id: string; label: string; optional?: boolean; hint?: string; error?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "id">) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {optional && " "}
        {optional && <span className="optional">optional</span>}
      </label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : (
        hint && (
          <p className="hint" id={`${id}-hint`}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}
