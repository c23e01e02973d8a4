"use client";

import type { ReactNode } from "react";
import { StrokeIcon } from "./stroke-icon";

/** A short confirmation of what just happened ("Deleted 2 links."), until dismissed. */
export function Notice({ children, onDismiss }: { children: ReactNode; onDismiss: () => void }) {
  return (
    <div className="notice" role="status">
      <StrokeIcon>
        <circle cx="12" cy="12" r="9" />
        <path d="m8.5 12 2.5 2.5 4.5-5" />
      </StrokeIcon>
      <div className="notice-body">{children}</div>
      <button type="button" className="button button-ghost button-icon" onClick={onDismiss} aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}
