import type { SurveyPageView } from "./render-page";
import { FormNotAvailable, SurveyNotice, SurveyShell } from "./survey-shell";
import { SurveyForm } from "./survey-form";

/** The survey page for any view but "not found" (the route calls notFound() for that). */
export function SurveyPage({ view }: { view: Exclude<SurveyPageView, { kind: "not-found" }> }) {
  if (view.kind === "notice") {
    return (
      <SurveyNotice tone="neutral" title={view.title}>
        <p className="sv-notice-text">{view.message}</p>
      </SurveyNotice>
    );
  }
  return (
    <SurveyShell>
      <div className="sv-card">
        <header className="sv-header">
          <h1 className="sv-title">{view.form.name}</h1>
          {view.form.description ? <p className="sv-description">{view.form.description}</p> : null}
        </header>
        <SurveyForm view={view} />
      </div>
    </SurveyShell>
  );
}

export { FormNotAvailable };
