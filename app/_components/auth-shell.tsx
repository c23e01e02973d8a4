import type { ReactNode } from "react";

/** The frame of the pages outside the dashboard: sign-in, sign-up and OAuth consent. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <main className="auth-shell">
      <div className="auth-brand">
        <span className="brand-mark" aria-hidden="true">
          F
        </span>
        Formhouse
      </div>
      {children}
    </main>
  );
}
