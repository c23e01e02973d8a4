"use client";

import { API_SCOPE_DESCRIPTIONS, type V2Scope } from "@/lib/scopes/token-scopes";

/** Scopes as checkboxes, each with what it lets an integration do; `error` shown under the group. */
export function ScopeChoices({
  idPrefix,
  scopes,
  value,
  onChange,
  error,
}: {
  idPrefix: string;
  scopes: readonly V2Scope[];
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const errorId = `${idPrefix}-scopes-error`;
  return (
    <fieldset className="plain" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend>Scopes</legend>
      <ul className="scope-list">
        {scopes.map((s) => (
          <li key={s}>
            <div className="scope-choice">
              <input
                id={`${idPrefix}-${s}`}
                type="checkbox"
                checked={value.includes(s)}
                onChange={(e) => onChange(e.target.checked ? [...value, s] : value.filter((x) => x !== s))}
                aria-describedby={`${idPrefix}-${s}-hint`}
              />
              <label htmlFor={`${idPrefix}-${s}`}>
                <code>{s}</code>
              </label>
              <span className="hint" id={`${idPrefix}-${s}-hint`}>
                {API_SCOPE_DESCRIPTIONS[s]}
              </span>
            </div>
          </li>
        ))}
      </ul>
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
