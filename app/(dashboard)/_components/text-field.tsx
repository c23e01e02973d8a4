"use client";

import type { InputHTMLAttributes } from "react";

/** A labelled input with its hint, or its error in the hint's place (linked by aria-describedby). */
export function TextField({
  id,
  label,
  hint,
  error,
  ...input
}: { id: string; label: string; hint?: string; error?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "id">) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
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
