"use client";

import { Component, useCallback, useDeferredValue, useMemo, useState, type ReactNode } from "react";
import { SurveyForm } from "@/app/_survey/survey-form";
import type { FormElement } from "@/db/schema";
import type { PhoneCountry } from "@/lib/phone/phone-countries";
import { hasCountrySelector, surveyElements } from "@/lib/survey/survey-elements";
import type { SurveyFormView } from "@/server/services/survey/survey-view";
import { keptPreviewValues } from "./preview-values";
import "@/app/_survey/survey.css";

/**
 * The draft as respondents will see it, drawn by the survey page's own form. Nothing is
 * sent: the form's submit is stopped here (Conform still shows what a respondent would be asked to fix).
 *
 * Conform fixes a form's fields and defaults when it mounts, so every edit of the tree mounts
 * a new form (`key`). What the author typed into the preview is carried into it: each value
 * whose element is still there and still takes the same answer (preview-values.ts).
 */
export function BuilderPreview({
  name,
  description: rawDescription,
  elements,
  countries,
}: {
  name: string;
  /** The form's description, shown above the first page as the survey page shows it. */
  description?: string;
  elements: FormElement[];
  countries: PhoneCountry[];
}) {
  const description = rawDescription?.trim() || null;
  const deferred = useDeferredValue(elements);
  const key = useMemo(() => JSON.stringify(deferred), [deferred]);
  // The values the mounted preview holds now, with the tree it was drawn from.
  const [typed, setTyped] = useState<{ elements: FormElement[]; values: Record<string, unknown> }>({ elements: deferred, values: {} });
  // Its start values, taken once per tree (a new tree is a new form).
  const [start, setStart] = useState<{ key: string; values: Record<string, unknown> }>({ key, values: {} });
  if (start.key !== key) setStart({ key, values: keptPreviewValues(typed.elements, typed.values, deferred) });
  // Conform hands over a new object whenever the form's DOM changes, even with the same values;
  // keeping the old state then stops a re-render from feeding itself.
  const onValueChange = useCallback(
    (values: Record<string, unknown>) =>
      setTyped((prev) =>
        prev.elements === deferred && JSON.stringify(prev.values) === JSON.stringify(values) ? prev : { elements: deferred, values },
      ),
    [deferred],
  );

  const view = useMemo<SurveyFormView>(() => {
    const shown = surveyElements(deferred);
    return {
      kind: "form",
      form: { uuid: "preview", name, description, elements: shown },
      page: 0,
      countries: hasCountrySelector(shown) ? countries : null,
      defaultValue: start.values,
      startToken: "",
      action: "#",
      lastResult: null,
      formError: null,
    };
  }, [deferred, name, description, countries, start.values]);
  return (
    <div className="sv-page bl-preview-frame" onSubmitCapture={(e) => e.preventDefault()}>
      <div className="sv-card bl-preview-card">
        <header className="sv-header">
          <p className="sv-title">{name}</p>
          {description ? <p className="sv-description">{description}</p> : null}
        </header>
        {elements.length === 0 ? (
          <p className="hint">Add a field to see it here.</p>
        ) : (
          <PreviewBoundary key={key}>
            <SurveyForm view={view} onValueChange={onValueChange} localSteps />
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
    return this.state.failed ? (
      <p className="hint">The preview cannot show this form until its fields are complete.</p>
    ) : (
      this.props.children
    );
  }
}
