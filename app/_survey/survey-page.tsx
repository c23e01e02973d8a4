import type { SurveyPageView } from "./render-page";
import { FormNotAvailable, SurveyNotice, SurveyShell } from "./survey-shell";
import { SurveyForm } from "./survey-form";
import { embedPath, isEmbedded } from "./embed-mode";

/** The survey page for any view but "not found" (the route calls notFound() for that). */
export async function SurveyPage({ view }: { view: Exclude<SurveyPageView, { kind: "not-found" }> }) {
  if (view.kind === "notice") {
    return (
      <SurveyNotice tone="neutral" title={view.title}>
        <p className="sv-notice-text">{view.message}</p>
      </SurveyNotice>
    );
  }
  // Embedded, the form posts back with `?embed=1`, so what it answers stays embedded too.
  const shown = (await isEmbedded()) ? { ...view, action: embedPath(view.action) } : view;
  return (
    <SurveyShell facts={{ form: view.form.uuid, page: view.page }}>
      <div className="sv-card">
        <header className="sv-header">
          <h1 className="sv-title">{view.form.name}</h1>
          {view.form.description ? <p className="sv-description">{view.form.description}</p> : null}
        </header>
        <SurveyForm view={shown} />
      </div>
    </SurveyShell>
  );
}

export { FormNotAvailable };
