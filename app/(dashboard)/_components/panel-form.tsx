"use client";

import type { FormHTMLAttributes, ReactNode } from "react";
import { AlertError } from "@/app/_components/alert-error";
import type { FormOption } from "./use-form-scope";

/**
 * A form the page sends itself: no page load, and no browser validation, since the procedure
 * checks every value (one rule); input attributes such as `min` only guide the browser's pickers.
 */
export function SubmitForm({
  onSubmit,
  ...form
}: Omit<FormHTMLAttributes<HTMLFormElement>, "onSubmit" | "noValidate"> & { onSubmit: () => void }) {
  return (
    <form
      noValidate
      {...form}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    />
  );
}

/**
 * A form's or dialog's buttons: Cancel (when there is `onCancel`), then the action, both held
 * while `pending`, when the action shows `pendingLabel`. The action submits the form, or with
 * `onAction` is a button of its own (a dialog's question).
 */
export function FormButtons({
  label,
  pendingLabel,
  pending,
  disabled = false,
  onAction,
  danger = false,
  cancelLabel = "Cancel",
  onCancel,
  className = "panel-actions",
}: {
  label: string;
  pendingLabel: string;
  pending: boolean;
  /** The action cannot be taken yet (besides while pending). */
  disabled?: boolean;
  onAction?: () => void;
  danger?: boolean;
  cancelLabel?: string;
  onCancel?: () => void;
  className?: string;
}) {
  return (
    <div className={className}>
      {onCancel && (
        <button type="button" className="button" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </button>
      )}
      <button
        type={onAction ? "button" : "submit"}
        className={danger ? "button button-danger" : "button button-primary"}
        onClick={onAction}
        disabled={disabled || pending}
        aria-busy={pending}
      >
        {pending ? pendingLabel : label}
      </button>
    </div>
  );
}

/**
 * A panel above a list that creates or edits its items: a header (the title, and the form the
 * items belong to), the fields and any error (`children`), then Cancel and the action.
 */
export function PanelForm({
  titleId,
  title,
  form,
  onSubmit,
  children,
  ...buttons
}: {
  titleId: string;
  title: string;
  /** The form the items are for, named under the title. */
  form?: FormOption;
  onSubmit: () => void;
  children: ReactNode;
} & Omit<Parameters<typeof FormButtons>[0], "onAction" | "danger" | "className">) {
  return (
    <SubmitForm className="card panel" aria-labelledby={titleId} onSubmit={onSubmit}>
      <div className="panel-header">
        <h2 id={titleId}>{title}</h2>
        {form && (
          <p className="muted">
            for <strong>{form.name}</strong>
          </p>
        )}
      </div>
      {children}
      <FormButtons {...buttons} />
    </SubmitForm>
  );
}

/**
 * A failed create's message: shown, or, when it is about a field and shown beside that field,
 * still announced once (role=alert) for screen readers.
 */
export function PanelError({ message, atField }: { message: string | null; atField: boolean }) {
  if (!message) return null;
  if (atField) {
    return (
      <p className="visually-hidden" role="alert">
        {message}
      </p>
    );
  }
  return <AlertError>{message}</AlertError>;
}
