"use client";

import { useId, type ReactNode } from "react";
import { AlertError } from "@/app/_components/alert-error";
import { ModalDialog } from "./modal-dialog";
import { FormButtons } from "./panel-form";

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
      <AlertError>{error}</AlertError>
      <FormButtons
        className="dialog-actions"
        label={confirmLabel}
        pendingLabel={pendingLabel}
        pending={pending}
        onAction={onConfirm}
        danger
        onCancel={onCancel}
      />
    </ModalDialog>
  );
}
