"use client";

import { useId, type ReactNode } from "react";
import { ModalDialog } from "./modal-dialog";

/**
 * A modal question with a destructive answer (a ModalDialog).
 * Stays open while `pending`, and shows `error` when the action failed.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  return (
    <ModalDialog open={open} labelledBy={titleId} pending={pending} onCancel={onCancel}>
      <h2 id={titleId}>{title}</h2>
      <div className="dialog-body">{children}</div>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <button type="button" className="button button-danger" onClick={onConfirm} disabled={pending} aria-busy={pending}>
          {pending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
