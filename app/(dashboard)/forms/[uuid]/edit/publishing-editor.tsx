"use client";

import { useState, useSyncExternalStore, type ReactNode } from "react";
import type { FormElement, FormPublishing, FormSettings } from "@/db/schema";
import { CAPTCHAS, ONE_PER_PERSON } from "@/lib/forms/form-settings";

/**
 * The builder's Settings: when and how the form takes answers (lib/forms/form-settings.ts). They
 * save with the draft and count once published, like the description and endings. Times are
 * edited in the owner's own time zone (the browser's) and stored as ISO 8601 instants.
 */

const noSubscribe = () => () => {};
/** The browser's time zone; null while rendering on the server (the times then read in UTC). */
const useTimeZone = () =>
  useSyncExternalStore(
    noSubscribe,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => null,
  );

/** `2026-12-01T10:00` in `timeZone` for an ISO instant (the value of a datetime-local input). */
export function localInputValue(iso: string | undefined, timeZone: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: timeZone ?? "UTC",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}

/** The ISO instant of a datetime-local value read in the browser's own zone (what `new Date` does). */
const isoOf = (local: string): string | undefined => {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().replace(/\.000Z$/, "Z");
};

const CAPTCHA_LABELS: Record<(typeof CAPTCHAS)[number], string> = {
  none: "None (the honeypot and time trap only)",
  altcha: "ALTCHA: proof of work in the browser, no third party",
  turnstile: "Cloudflare Turnstile (your keys)",
  hcaptcha: "hCaptcha (your keys)",
};
const PERSON_LABELS: Record<(typeof ONE_PER_PERSON)[number], string> = {
  none: "Any number of responses",
  browser: "One per browser",
  email: "One per email address",
};

function Field({
  id,
  label,
  hint,
  problem,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  problem?: string;
  children: (described: { "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, problem ? `${id}-problem` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ ...(problem ? { "aria-invalid": true as const } : {}), "aria-describedby": describedBy })}
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p className="field-error" id={`${id}-problem`}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}

export function PublishingEditor({
  settings,
  elements,
  onChange,
  problemAt,
}: {
  settings: FormSettings;
  elements: readonly FormElement[];
  onChange: (next: FormSettings) => void;
  problemAt: (path: (string | number)[]) => string | undefined;
}) {
  const timeZone = useTimeZone();
  const p = settings.publishing ?? {};
  const [originsText, setOriginsText] = useState(() => (p.embedOrigins ?? []).join("\n"));
  const set = (change: Partial<FormPublishing>) => {
    const next: FormPublishing = { ...p, ...change };
    for (const key of Object.keys(next) as (keyof FormPublishing)[]) if (next[key] === undefined || next[key] === "") delete next[key];
    const { publishing: _old, ...rest } = settings;
    onChange(Object.keys(next).length ? { ...rest, publishing: next } : rest);
  };
  const problem = (key: keyof FormPublishing) => problemAt(["settings", key]);
  const emailFields = elements.filter((e) => e.type === "email");
  const keyed = p.captcha === "turnstile" || p.captcha === "hcaptcha";

  return (
    <section className="bl-settings" aria-labelledby="bl-publishing-title">
      <h2 id="bl-publishing-title" className="bl-settings-title">
        Settings
      </h2>
      <p className="hint">When and how the form takes answers. They count once you publish.</p>

      <fieldset className="bl-fieldset">
        <legend>Schedule and limit</legend>
        <Field
          id="bl-opens-at"
          label="Opens at (optional)"
          problem={problem("opensAt")}
          hint={`Times are in your time zone${timeZone ? `, ${timeZone}` : ""}.`}
        >
          {(a) => (
            <input
              id="bl-opens-at"
              className="bl-input"
              type="datetime-local"
              value={localInputValue(p.opensAt, timeZone)}
              onChange={(e) => set({ opensAt: isoOf(e.target.value) })}
              {...a}
            />
          )}
        </Field>
        <Field id="bl-closes-at" label="Closes at (optional)" problem={problem("closesAt")}>
          {(a) => (
            <input
              id="bl-closes-at"
              className="bl-input"
              type="datetime-local"
              value={localInputValue(p.closesAt, timeZone)}
              onChange={(e) => set({ closesAt: isoOf(e.target.value) })}
              {...a}
            />
          )}
        </Field>
        <Field
          id="bl-max-responses"
          label="Maximum responses (optional)"
          problem={problem("maxResponses")}
          hint="Then the form closes. Spam does not count."
        >
          {(a) => (
            <input
              id="bl-max-responses"
              className="bl-input bl-input-number"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={p.maxResponses ?? ""}
              onChange={(e) => set({ maxResponses: e.target.value === "" ? undefined : Number(e.target.value) })}
              {...a}
            />
          )}
        </Field>
        <Field
          id="bl-closed-message"
          label="Message when closed (optional)"
          problem={problem("closedMessage")}
          hint="Shown instead of the form before it opens, after it closes or once it is full."
        >
          {(a) => (
            <textarea
              id="bl-closed-message"
              className="bl-input"
              rows={2}
              maxLength={2000}
              value={p.closedMessage ?? ""}
              onChange={(e) => set({ closedMessage: e.target.value })}
              {...a}
            />
          )}
        </Field>
      </fieldset>

      <fieldset className="bl-fieldset">
        <legend>Who may answer</legend>
        <Field
          id="bl-one-per-person"
          label="Responses per person"
          problem={problem("onePerPerson")}
          hint={
            p.onePerPerson === "browser"
              ? "Remembered with a cookie: this stops honest people only. " +
                "Someone who clears cookies or uses another browser can answer again."
              : p.onePerPerson === "email"
                ? "One completed response per address given in the field below; a second one is refused."
                : undefined
          }
        >
          {(a) => (
            <select
              id="bl-one-per-person"
              className="bl-input"
              value={p.onePerPerson ?? "none"}
              onChange={(e) => {
                const value = e.target.value as FormPublishing["onePerPerson"];
                set({
                  onePerPerson: value === "none" ? undefined : value,
                  onePerPersonField: value === "email" ? (p.onePerPersonField ?? emailFields[0]?.id) : undefined,
                });
              }}
              {...a}
            >
              {ONE_PER_PERSON.map((v) => (
                <option key={v} value={v}>
                  {PERSON_LABELS[v]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {p.onePerPerson === "email" ? (
          <Field
            id="bl-one-per-person-field"
            label="Email field"
            problem={problem("onePerPersonField")}
            hint={emailFields.length ? undefined : "Add an email field to the form first."}
          >
            {(a) => (
              <select
                id="bl-one-per-person-field"
                className="bl-input"
                value={p.onePerPersonField ?? ""}
                onChange={(e) => set({ onePerPersonField: e.target.value || undefined })}
                {...a}
              >
                <option value="">Choose a field</option>
                {emailFields.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.label || e.id}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        <Field id="bl-captcha" label="CAPTCHA" problem={problem("captcha")}>
          {(a) => (
            <select
              id="bl-captcha"
              className="bl-input"
              value={p.captcha ?? "none"}
              onChange={(e) => {
                const value = e.target.value as FormPublishing["captcha"];
                const keys = value === "turnstile" || value === "hcaptcha";
                set({
                  captcha: value === "none" ? undefined : value,
                  ...(keys ? {} : { captchaSiteKey: undefined, captchaSecret: undefined }),
                });
              }}
              {...a}
            >
              {CAPTCHAS.map((v) => (
                <option key={v} value={v}>
                  {CAPTCHA_LABELS[v]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {keyed ? (
          <>
            <Field id="bl-captcha-site-key" label="Site key" problem={problem("captchaSiteKey")}>
              {(a) => (
                <input
                  id="bl-captcha-site-key"
                  className="bl-input"
                  autoComplete="off"
                  value={p.captchaSiteKey ?? ""}
                  onChange={(e) => set({ captchaSiteKey: e.target.value })}
                  {...a}
                />
              )}
            </Field>
            <Field
              id="bl-captcha-secret"
              label="Secret key"
              problem={problem("captchaSecret")}
              hint="Used by the server to check each solution; never shown to respondents or returned by the API."
            >
              {(a) => (
                <input
                  id="bl-captcha-secret"
                  className="bl-input"
                  type="password"
                  autoComplete="off"
                  value={p.captchaSecret ?? ""}
                  onChange={(e) => set({ captchaSecret: e.target.value })}
                  {...a}
                />
              )}
            </Field>
          </>
        ) : null}
      </fieldset>

      <fieldset className="bl-fieldset">
        <legend>Sharing</legend>
        <Field
          id="bl-slug"
          label="Short link (optional)"
          problem={problem("slug")}
          hint="Lower-case letters, digits and hyphens, like spring-survey: the form is then also at /f/spring-survey."
        >
          {(a) => (
            <input
              id="bl-slug"
              className="bl-input"
              autoComplete="off"
              spellCheck={false}
              value={p.slug ?? ""}
              onChange={(e) => set({ slug: e.target.value })}
              {...a}
            />
          )}
        </Field>
        <Field
          id="bl-embed-origins"
          label="Sites that may embed the form (optional)"
          problem={problem("embedOrigins") ?? embedProblem(problemAt, p.embedOrigins)}
          hint="One origin per line, like https://example.com. Empty: any site may embed it."
        >
          {(a) => (
            <textarea
              id="bl-embed-origins"
              className="bl-input"
              rows={2}
              spellCheck={false}
              value={originsText}
              onChange={(e) => {
                // The text as typed stays in the box; the draft keeps the lines that say something.
                setOriginsText(e.target.value);
                const origins = e.target.value
                  .split("\n")
                  .map((l) => l.trim())
                  .filter(Boolean);
                set({ embedOrigins: origins.length ? origins : undefined });
              }}
              {...a}
            />
          )}
        </Field>
      </fieldset>
    </section>
  );
}

/** A problem of one listed origin, shown under the list with its line. */
function embedProblem(problemAt: (path: (string | number)[]) => string | undefined, origins: string[] | undefined) {
  for (const [i, origin] of (origins ?? []).entries()) {
    const found = problemAt(["settings", "embedOrigins", i]);
    if (found) return `Line ${i + 1} (${origin || "empty"}) ${found}`;
  }
  return undefined;
}
