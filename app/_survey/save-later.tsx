"use client";

import { useEffect, useRef } from "react";
import { RESUME_LINK_DAYS, SAVE_EMAIL_FIELD, SAVE_STEP, type SaveLaterState } from "@/lib/survey/save-later";
import { STEP_FIELD } from "@/lib/survey/survey-elements";
import "./save-later.css";

/**
 * "Save and continue later" under a multi-page survey's steps: a disclosure with an address
 * and a button that posts the form with `_step=save` (so it works without JavaScript). It comes
 * after Next in the form, so Enter in a field still goes forward; Enter in the address saves.
 */
export function SaveLater({ state }: { state: SaveLaterState }) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const invalid = Boolean(state.error);
  // A refused address: the page comes back with the panel open and the address to fix focused.
  useEffect(() => {
    if (invalid) inputRef.current?.focus();
  }, [invalid]);
  return (
    <details className="sv-save" open={invalid || undefined}>
      <summary className="sv-save-summary">Save and continue later</summary>
      <div className="sv-save-body">
        <p className="sv-hint" id="sv-save-hint">
          We will email you a link to this form with your answers so far. It works for {RESUME_LINK_DAYS} days, in any browser.
        </p>
        <label className="sv-sublabel" htmlFor="sv-save-email">
          Send the link to
        </label>
        <input
          ref={inputRef}
          id="sv-save-email"
          className="sv-input sv-save-input"
          type="email"
          name={SAVE_EMAIL_FIELD}
          autoComplete="email"
          spellCheck={false}
          defaultValue={state.sent ? "" : state.email}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? "sv-save-error sv-save-hint" : "sv-save-hint"}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            buttonRef.current?.click();
          }}
        />
        {state.error ? (
          <p className="sv-error" id="sv-save-error">
            <span>{state.error}</span>
          </p>
        ) : null}
        <button ref={buttonRef} type="submit" name={STEP_FIELD} value={SAVE_STEP} className="sv-back sv-save-button" formNoValidate>
          Email me a link
        </button>
      </div>
    </details>
  );
}

/** After a save: that the answers are kept and the link is on its way (the same words for any address). Takes focus. */
export function SavedNotice({ state }: { state: SaveLaterState }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  if (!state.sent) return null;
  return (
    <div className="sv-saved" role="status" tabIndex={-1} ref={ref}>
      <p className="sv-saved-title">Your answers are saved</p>
      <p className="sv-saved-text">
        A link to continue is on its way to <strong>{state.email}</strong>. It works for {RESUME_LINK_DAYS} days. You can also go on now.
      </p>
    </div>
  );
}
