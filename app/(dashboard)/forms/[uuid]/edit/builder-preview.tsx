"use client";

import { Component, useDeferredValue, useMemo, type ReactNode } from "react";
import { SurveyForm } from "@/app/_survey/survey-form";
import type { FormElement } from "@/db/schema";
import type { PhoneCountry } from "@/server/services/survey/phone-countries";
import { hasCountrySelector, surveyElements } from "@/server/services/survey/survey-elements";
import type { SurveyFormView } from "@/server/services/survey/survey-view";
import "@/app/_survey/survey.css";

/**
 * The draft as respondents will see it, drawn by the survey page's own form. Nothing is
 * sent: the form's submit is stopped here (Conform still shows what a respondent would be asked to fix).
 */
export function BuilderPreview({ name, elements, countries }: { name: string; elements: FormElement[]; countries: PhoneCountry[] }) {
  const deferred = useDeferredValue(elements);
  const view = useMemo<SurveyFormView>(() => {
    const shown = surveyElements(deferred);
    return {
      kind: "form",
      form: { uuid: "preview", name, elements: shown },
      countries: hasCountrySelector(shown) ? countries : null,
      defaultValue: {},
      startToken: "",
      action: "#",
      lastResult: null,
      formError: null,
    };
  }, [deferred, name, countries]);
  // A new tree is a new form for Conform (its fields are fixed when it mounts).
  const key = useMemo(() => JSON.stringify(deferred), [deferred]);
  return (
    <div className="sv-page bl-preview-frame" onSubmitCapture={(e) => e.preventDefault()}>
      <div className="sv-card bl-preview-card">
        <header className="sv-header">
          <p className="sv-title">{name}</p>
        </header>
        {elements.length === 0 ? (
          <p className="hint">Add a field to see it here.</p>
        ) : (
          <PreviewBoundary key={key}>
            <SurveyForm view={view} />
          </PreviewBoundary>
        )}
      </div>
    </div>
  );
}

/** An unfinished element must never take the builder down with it. */
class PreviewBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <p className="hint">The preview cannot show this form until its fields are complete.</p> : this.props.children;
  }
}
