"use client";

import type { FormOption } from "./use-form-scope";

/** The form a page works on. Forms that share a name are told apart by their id. */
export function FormPicker({ forms, value, onChange }: { forms: FormOption[]; value: string | null; onChange: (uuid: string) => void }) {
  const names = new Map<string, number>();
  for (const f of forms) names.set(f.name, (names.get(f.name) ?? 0) + 1);
  return (
    <div className="form-picker">
      <label htmlFor="form-picker">Form</label>
      <select id="form-picker" className="select" value={value ?? ""} onChange={(e) => onChange(e.target.value)}>
        {value === null && (
          <option value="" disabled>
            Choose a form…
          </option>
        )}
        {forms.map((f) => (
          <option key={f.uuid} value={f.uuid}>
            {(names.get(f.name) ?? 0) > 1 ? `${f.name} (#${f.id})` : f.name}
          </option>
        ))}
      </select>
    </div>
  );
}
