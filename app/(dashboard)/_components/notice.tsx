"use client";

import type { ReactNode } from "react";

/** A short confirmation of what just happened ("Deleted 2 links."), until dismissed. */
export function Notice({ children, onDismiss }: { children: ReactNode; onDismiss: () => void }) {
  return (
    <div className="notice" role="status">
      <svg
        aria-hidden="true"
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="m8.5 12 2.5 2.5 4.5-5" />
      </svg>
      <div className="notice-body">{children}</div>
      <button type="button" className="button button-ghost button-icon" onClick={onDismiss} aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}
