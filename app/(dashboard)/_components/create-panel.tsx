"use client";

import type { ReactNode } from "react";
import type { FormOption } from "./use-form-scope";

/**
 * The frame of a panel above a list that creates items for `form`: a header, the fields and
 * any error (`children`), then Cancel and the submit button, both held while `pending`.
 */
export function CreatePanel({
  titleId,
  title,
  form,
  submitLabel,
  canSubmit,
  pending,
  onSubmit,
  onClose,
  children,
}: {
  titleId: string;
  title: string;
  form: FormOption;
  submitLabel: string;
  canSubmit: boolean;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className="card panel"
      aria-labelledby={titleId}
      // The service checks every value (one rule); input attributes such as `min` only guide the browser's pickers.
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <div className="panel-header">
        <h2 id={titleId}>{title}</h2>
        <p className="muted">
          for <strong>{form.name}</strong>
        </p>
      </div>
      {children}
      <div className="panel-actions">
        <button type="button" className="button" onClick={onClose} disabled={pending}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={!canSubmit || pending} aria-busy={pending}>
          {pending ? "Creating…" : submitLabel}
        </button>
      </div>
    </form>
  );
}
