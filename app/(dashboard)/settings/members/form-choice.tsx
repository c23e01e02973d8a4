"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";

/**
 * Every form, or only chosen ones: the restriction of an editor or viewer (null: every form).
 * The labels name the member the choice is for, so a screen reader knows whose forms these are.
 */
export function FormChoice({
  idPrefix,
  value,
  onChange,
  error,
  whose,
}: {
  idPrefix: string;
  value: number[] | null;
  onChange: (v: number[] | null) => void;
  error?: string;
  whose: string;
}) {
  const trpc = useTRPC();
  const forms = useQuery(trpc.forms.listOptions.queryOptions());
  return (
    <fieldset className="plain">
      <legend>Forms</legend>
      <label className="toggle">
        <input type="checkbox" id={`${idPrefix}-limit`} checked={value !== null} onChange={(e) => onChange(e.target.checked ? [] : null)} />
        Only chosen forms (otherwise every form, including new ones)
      </label>
      {value !== null && forms.isPending && <p className="muted">Loading forms…</p>}
      {value !== null && forms.data && (
        <div className="form-choices" role="group" aria-label={`Forms ${whose} may reach`}>
          {forms.data.forms.length === 0 && <p className="muted">There are no forms yet.</p>}
          {forms.data.forms.map((f) => (
            <label key={f.id} className="choice">
              <input
                type="checkbox"
                checked={value.includes(f.id)}
                onChange={(e) => onChange(e.target.checked ? [...value, f.id] : value.filter((x) => x !== f.id))}
              />
              {f.name}
            </label>
          ))}
        </div>
      )}
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}
