"use client";

import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";

const FOCUSABLE = [
  "button:not([disabled])",
  "[href]",
  "input:not([disabled])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(", ");

/**
 * Keeps Tab inside the dialog: a modal <dialog> makes the page inert, but Tab past its last
 * control still leaves for the browser's own UI.
 */
function trapTab(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== "Tab") return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * A native modal <dialog> kept in step with `open` (inert page, Escape, backdrop, focus back
 * to the opener on close; Tab kept inside by `trapTab`). Escape does nothing while `pending`.
 * The dialogs of the dashboard are built on it.
 */
export function ModalDialog({
  open,
  labelledBy,
  pending,
  onCancel,
  wide,
  children,
}: {
  open: boolean;
  /** A dialog that shows content, not a question: the wider layout (`dialog-wide`). */
  wide?: boolean;
  labelledBy: string;
  pending: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={wide ? "dialog dialog-wide" : "dialog"}
      aria-labelledby={labelledBy}
      onKeyDown={trapTab}
      onCancel={(e) => {
        e.preventDefault();
        if (!pending) onCancel();
      }}
    >
      {children}
    </dialog>
  );
}
