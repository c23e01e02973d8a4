import type { Metadata } from "next";
import type { ReactNode } from "react";
import "./oauth.css";

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** The authorization pages: the sign-in pages' frame, no dashboard chrome. */
export default function OAuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="auth-shell">
      <div className="auth-brand">
        <span className="brand-mark" aria-hidden="true">F</span>
        Formhouse
      </div>
      {children}
    </main>
  );
}
