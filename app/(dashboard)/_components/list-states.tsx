"use client";

import type { ReactNode } from "react";
import { errorMessage } from "@/app/_trpc/errors";

/**
 * Placeholder rows while a list loads; `label` is read out by screen readers. `selectable`:
 * the table has a checkbox column.
 */
export function TableSkeleton({ label, rows = 5, selectable = true }: { label: string; rows?: number; selectable?: boolean }) {
  return (
    <section className="card table-card" aria-busy="true" aria-live="polite">
      <p className="visually-hidden">{label}</p>
      <div className="skeleton-list" aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          <div className="skeleton-row" key={i}>
            {selectable && <span className="skeleton skeleton-box" />}
            <span className="skeleton skeleton-wide" />
            <span className="skeleton skeleton-badge" />
            <span className="skeleton skeleton-short" />
            <span className="skeleton skeleton-short" />
          </div>
        ))}
      </div>
    </section>
  );
}

/**
 * A list's query before it has data to show: placeholder rows while it loads, else the
 * error with Try again. Callers render it when `isPending || isError`.
 */
export function QueryState({
  query,
  loading,
  failed,
  selectable,
}: {
  query: { isPending: boolean; isFetching: boolean; error: unknown; refetch: () => unknown };
  loading: string;
  failed: string;
  selectable?: boolean;
}) {
  if (query.isPending) return <TableSkeleton label={loading} selectable={selectable} />;
  return <ErrorState title={failed} error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />;
}

export function ErrorState({
  title,
  error,
  onRetry,
  retrying,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <section className="card state" role="alert">
      <h2>{title}</h2>
      <p className="muted">{errorMessage(error)}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry} disabled={retrying}>
          {retrying ? "Retrying…" : "Try again"}
        </button>
      )}
    </section>
  );
}

/**
 * A page or list with nothing to show: what it is, and what to do (`action`, or `button`: a
 * button, left out while its `onClick` is).
 */
export function EmptyState({
  icon,
  title,
  children,
  action,
  button,
}: {
  icon?: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
  button?: { label: string; onClick?: () => void; primary?: boolean };
}) {
  return (
    <section className="card state">
      {icon && (
        <div className="state-icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <h2>{title}</h2>
      <p className="muted">{children}</p>
      {action}
      {button?.onClick && (
        <button type="button" className={button.primary ? "button button-primary" : "button"} onClick={button.onClick}>
          {button.label}
        </button>
      )}
    </section>
  );
}

export function FormIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6">
      <rect x="4" y="3" width="16" height="18" rx="2" />
      <path d="M8 8h8M8 12h8M8 16h5" strokeLinecap="round" />
    </svg>
  );
}

export function LinkIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
      <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1" />
    </svg>
  );
}

export function PrefillIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
      <rect x="4" y="3" width="16" height="18" rx="2" />
      <path d="M8 8h3M8 12h8M8 16h6" />
      <path d="m14 7 1.5 1.5L18 6" />
    </svg>
  );
}
