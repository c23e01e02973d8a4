import type { ReactNode } from "react";
import "./survey.css";
import { EmbedBridge, type EmbedFacts } from "./embed-bridge";
import { isEmbedded } from "./embed-mode";

/**
 * The frame of every survey page: a calm column, the owner's content first, our name last.
 * Embedded (`?embed=1`, embed-mode.ts) it is the content alone, and tells the parent its size.
 */
export async function SurveyShell({ children, facts }: { children: ReactNode; facts?: EmbedFacts }) {
  if (await isEmbedded()) {
    return (
      <div className="sv-page sv-embedded">
        <main className="sv-main">{children}</main>
        <EmbedBridge {...(facts ?? { form: null })} />
      </div>
    );
  }
  return (
    <div className="sv-page">
      <main className="sv-main">{children}</main>
      <footer className="sv-footer">
        <span className="sv-footer-mark" aria-hidden="true">
          F
        </span>
        Made with Formhouse
      </footer>
    </div>
  );
}

/** A page that is not the form: not available, a closed link, thank you. */
export function SurveyNotice({
  tone,
  title,
  children,
  facts,
}: {
  tone: "neutral" | "success";
  title: string;
  children?: ReactNode;
  facts?: EmbedFacts;
}) {
  return (
    <SurveyShell facts={facts}>
      <section className={`sv-card sv-notice sv-notice-${tone}`} aria-labelledby="sv-notice-title">
        <span className="sv-notice-icon" aria-hidden="true">
          {tone === "success" ? (
            <svg viewBox="0 0 24 24" width="28" height="28">
              <path fill="currentColor" d="m9.5 16.2-4.2-4.2-1.4 1.4 5.6 5.6 11-11-1.4-1.4z" />
            </svg>
          ) : (
            <svg viewBox="0 0 24 24" width="28" height="28">
              <path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-2h2v2Zm0-4h-2V7h2v6Z" />
            </svg>
          )}
        </span>
        <h1 id="sv-notice-title" className="sv-notice-title">
          {title}
        </h1>
        {children}
      </section>
    </SurveyShell>
  );
}

/** The one "not available" page: unknown, unpublished and trashed forms (and unknown links) alike. */
export function FormNotAvailable() {
  return (
    <SurveyNotice tone="neutral" title="This form is not available">
      <p className="sv-notice-text">It may have been closed, or the address may be mistyped. Check the link you were given.</p>
    </SurveyNotice>
  );
}
