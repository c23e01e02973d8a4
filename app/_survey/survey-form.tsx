"use client";

import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo, useRef, useState } from "react";
import { z } from "zod";
import type { FormElement } from "@/db/schema";
import { surveyFormSchema } from "@/lib/answers/form-schema";
import { formValuesToData } from "@/lib/answers/form-values";
import { summaryLine } from "@/lib/answers/messages";
import { compileFormLogic, type FormLogic } from "@/lib/logic/form-logic";
import { HONEYPOT_FIELD, START_TOKEN_FIELD } from "@/lib/survey/spam";
import { PAGE_FIELD, STEP_FIELD, type SurveyElement } from "@/lib/survey/survey-elements";
import type { SurveyFormView } from "@/server/services/survey/survey-view";
import type { AnyValues, ConformForm, Field } from "./conform";
import { fieldTarget } from "./field-targets";
import { SurveyField } from "./fields";
import { SAVE_STEP } from "@/lib/survey/save-later";
import { SavedNotice, SaveLater } from "./save-later";
import { SentAgainNotice, useSentAgainGuard } from "./sent-again";
import { CaptchaField } from "./captcha-field";

export const FORM_ID = "survey";

/**
 * The survey form. A real HTML form posting to the submit endpoint, so it works without
 * JavaScript (the server validates and answers with this page again, errors and values
 * kept). With JavaScript, Conform runs the same validator (survey/answers/) on submit and
 * again on every input of a field with an error, and the native post goes ahead only when
 * there is nothing to fix.
 *
 * `onValueChange` hears the values as the respondent changes them (Conform's own form value;
 * the builder's preview keeps them across edits of the form).
 */
export function SurveyForm({
  view,
  onValueChange,
  localSteps = false,
}: {
  view: SurveyFormView;
  onValueChange?: (value: Record<string, unknown>) => void;
  /** The builder's preview: Next and Back change the page in place (nothing is posted). */
  localSteps?: boolean;
}) {
  const { elements } = view.form;
  const logic = useMemo(() => compileFormLogic(elements as FormElement[]), [elements]);
  const paged = logic.pages.length > 1;
  const [localPage, setLocalPage] = useState(view.page);
  const page = localSteps ? Math.min(localPage, logic.pages.length - 1) : view.page;
  // A step checks the pages up to the one shown (`_page`); Back checks nothing.
  const schemas = useMemo(
    () => logic.pages.map((page) => surveyFormSchema(elements, paged ? { throughPage: page.index } : {})),
    [logic, elements, paged],
  );
  const [form, fields] = useForm<AnyValues, AnyValues, string[]>({
    id: FORM_ID,
    lastResult: view.lastResult as SubmissionResult<string[]> | null,
    defaultValue: view.defaultValue,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      // Back checks nothing; Save keeps the answers as they are (the server checks the address).
      if (paged && ["back", SAVE_STEP].includes(String(formData.get(STEP_FIELD))))
        return parseWithZod(formData, { schema: anything, disableAutoCoercion: true });
      const page = paged ? Number(formData.get(PAGE_FIELD)) || 0 : 0;
      return parseWithZod(formData, { schema: schemas[page] ?? schemas.at(-1)!, disableAutoCoercion: true });
    },
  });
  // What is shown follows the answers as they are typed (the server decides again on every post).
  // Read only for a form with logic: reading subscribes the form to every change of a value.
  const current = logic.hasLogic ? (form.value ?? view.defaultValue) : null;
  const shown = useMemo(() => (current ? shownNow(logic, elements, current) : null), [logic, elements, current]);
  // Read only when someone listens: reading subscribes this form to every change of a value.
  const value = onValueChange ? form.value : undefined;
  useEffect(() => {
    // Conform leaves out empty values (a form with nothing entered has none).
    onValueChange?.(value ?? {});
  }, [value, onValueChange]);
  const [attempt, setAttempt] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  // Coming back to the page (back button, bfcache) makes it submittable again.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => event.persisted && setSubmitting(false);
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);

  // Back after a sent form: a fresh copy, not the sent answers ready to go again (sent-again.tsx).
  const sentAgain = useSentAgainGuard(view.action);

  const formProps = getFormProps(form);
  const takesFiles = elements.some((e) => e.type === "file-upload");
  return (
    <form
      {...formProps}
      method="post"
      action={view.action}
      // Files go with the answers, in the same post (server/uploads/multipart-submit.ts).
      encType={takesFiles ? "multipart/form-data" : undefined}
      className="sv-form"
      onSubmit={(event) => {
        // A second click while the first post is on its way would store the answers twice.
        if (submitting) return event.preventDefault();
        formProps.onSubmit(event);
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        // List buttons (add row, move item) are handled in place; a real submit either
        // shows the errors (prevented) or goes to the server.
        if (submitter?.getAttribute("name") === "__intent__") return;
        if (event.defaultPrevented) setAttempt((n) => n + 1);
        else setSubmitting(true);
      }}
    >
      {sentAgain ? <SentAgainNotice /> : null}
      <ErrorSummary form={form} elements={elements} formError={view.formError} attempt={attempt} />
      {view.saveLater ? <SavedNotice state={view.saveLater} /> : null}
      <input type="hidden" name={START_TOKEN_FIELD} value={view.startToken} />
      <Honeypot />
      {elements.some((e) => e.required) ? (
        <p className="sv-required-note">
          <span aria-hidden="true">*</span> Required
        </p>
      ) : null}
      {!shown ? (
        elements.map((element) => (
          <SurveyField key={element.id} element={element} field={fields[element.id] as Field} form={form} countries={view.countries} />
        ))
      ) : (
        <Pages
          logic={logic}
          page={page}
          shown={shown}
          render={(element) => <SurveyField element={element} field={fields[element.id] as Field} form={form} countries={view.countries} />}
        />
      )}
      <CaptchaField captcha={view.captcha} />
      {paged && shown ? (
        <>
          <StepActions page={page} pages={shown.pages} submitting={submitting} onStep={localSteps ? setLocalPage : undefined} />
          {view.saveLater && !localSteps ? <SaveLater state={view.saveLater} /> : null}
        </>
      ) : (
        <div className="sv-actions">
          <button type="submit" className="sv-submit" aria-disabled={submitting || undefined}>
            Submit
            <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18">
              <path fill="currentColor" d="M11.2 4.5 9.8 5.9l3.1 3.1H4v2h8.9l-3.1 3.1 1.4 1.4L16.7 10z" />
            </svg>
          </button>
        </div>
      )}
    </form>
  );
}

const anything = z.record(z.string(), z.unknown());

/** The elements and pages shown for the answers in the form now (raw form values, read as the server reads a post). */
function shownNow(logic: FormLogic, elements: readonly SurveyElement[], value: Record<string, unknown>) {
  const answers = logic.shownAnswers(formValuesToData(elements as FormElement[], value));
  const ids = new Set<string>();
  logic.walk({ ...answers }, (element, isShown) => isShown && ids.add(element.id));
  return { ids, pages: logic.shownPages(answers) };
}

/**
 * Every page is in the form (an earlier page's answers post with the later ones, so no step
 * loses them without JavaScript); only the current one is shown, and in it only the elements
 * whose conditions hold.
 */
function Pages({
  logic,
  page: current,
  shown,
  render,
}: {
  logic: FormLogic;
  page: number;
  shown: { ids: Set<string>; pages: number[] };
  render: (element: SurveyElement) => React.ReactNode;
}) {
  const paged = logic.pages.length > 1;
  return (
    <>
      {paged ? <input type="hidden" name={PAGE_FIELD} value={current} /> : null}
      {paged ? <Progress page={current} pages={shown.pages} /> : null}
      {logic.pages.map((page) => (
        <div key={page.index} className="sv-step" hidden={paged && page.index !== current}>
          {page.title ? <h2 className="sv-step-title">{page.title}</h2> : null}
          {page.elements.map((element) => (
            <div key={element.id} className="sv-shown-if" hidden={!shown.ids.has(element.id)}>
              {render(element as SurveyElement)}
            </div>
          ))}
        </div>
      ))}
    </>
  );
}

/** Where the respondent is: the page among the pages shown for the answers so far. */
function Progress({ page, pages }: { page: number; pages: number[] }) {
  const at = Math.max(0, pages.indexOf(page)) + 1;
  return (
    <div
      className="sv-progress"
      role="progressbar"
      aria-label="Progress"
      aria-valuemin={1}
      aria-valuemax={pages.length}
      aria-valuenow={at}
      aria-valuetext={`Page ${at} of ${pages.length}`}
    >
      <div className="sv-progress-bar" style={{ width: `${(at / pages.length) * 100}%` }} />
      <span className="sv-progress-text">
        Page {at} of {pages.length}
      </span>
    </div>
  );
}

/** Next (the default button: Enter in a field goes forward) or Submit on the last page shown; Back after the first. */
function StepActions({
  page,
  pages,
  submitting,
  onStep,
}: {
  page: number;
  pages: number[];
  submitting: boolean;
  /** In place of a post (the builder's preview): go to this page. */
  onStep?: (page: number) => void;
}) {
  const last = !pages.some((p) => p > page);
  const first = !pages.some((p) => p < page);
  const step = (to: number | undefined) => (event: React.MouseEvent) => {
    if (!onStep || to === undefined) return;
    event.preventDefault();
    onStep(to);
  };
  return (
    <div className="sv-actions sv-step-actions">
      {last ? (
        <button type="submit" className="sv-submit" aria-disabled={submitting || undefined}>
          Submit
        </button>
      ) : (
        <button
          type="submit"
          name={STEP_FIELD}
          value="next"
          className="sv-submit"
          aria-disabled={submitting || undefined}
          onClick={step(pages.find((p) => p > page))}
        >
          Next
        </button>
      )}
      {first ? null : (
        <button
          type="submit"
          name={STEP_FIELD}
          value="back"
          className="sv-back"
          formNoValidate
          onClick={step([...pages].reverse().find((p) => p < page))}
        >
          Back
        </button>
      )}
    </div>
  );
}

/**
 * After a failed submit: "There is a problem" with a link per error to its field. It is an
 * alert (announced as it appears) and takes focus, so keyboard and screen-reader users
 * start from the list. A page answering a failed form post shows it too.
 */
function ErrorSummary({
  form,
  elements,
  formError,
  attempt,
}: {
  form: ConformForm;
  elements: SurveyFormView["form"]["elements"];
  formError: string | null;
  attempt: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const all = form.allErrors;
  const entries = Object.entries(all).flatMap(([name, messages]) =>
    name === "" ? [] : (messages ?? []).map((message) => ({ name, message, ...fieldTarget(FORM_ID, elements, name) })),
  );
  const general = [...(formError ? [formError] : []), ...(all[""] ?? [])];
  const show = entries.length > 0 || general.length > 0;

  useEffect(() => {
    if (show) ref.current?.focus();
    // A new failed attempt (or a page that answers a failed post) moves focus here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  if (!show) return null;
  return (
    <div className="sv-summary" role="alert" aria-labelledby="sv-summary-title" tabIndex={-1} ref={ref}>
      <h2 id="sv-summary-title" className="sv-summary-title">
        There is a problem
      </h2>
      <ul className="sv-summary-list">
        {general.map((message) => (
          <li key={message}>{message}</li>
        ))}
        {entries.map(({ name, message, label, controlId }) => (
          <li key={`${name}\u0000${message}`}>
            {controlId ? (
              <a
                href={`#${controlId}`}
                onClick={(event) => {
                  const target = document.getElementById(controlId);
                  if (!target) return;
                  event.preventDefault();
                  target.focus();
                  target.scrollIntoView({ block: "center" });
                }}
              >
                {label ? summaryLine(label, message) : message}
              </a>
            ) : (
              <span>{label ? summaryLine(label, message) : message}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A field people never see and bots fill in: off-screen, hidden from assistive tech and
 * out of the tab order. Anything in it marks the submission as spam (lib/survey/spam.ts).
 */
function Honeypot() {
  return (
    <div className="sv-hp" aria-hidden="true">
      <label htmlFor="sv-hp-input">Leave this field empty</label>
      <input id="sv-hp-input" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
