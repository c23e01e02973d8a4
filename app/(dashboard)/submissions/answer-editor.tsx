"use client";

import type { FormElement } from "@/db/schema";
import { elementCategory } from "@/lib/forms/element-types";

/*
 * Inputs for editing one stored answer, in v2's shape. They check nothing themselves: the
 * server checks the whole submission with the survey's answer rules and sends back issues.
 */

type Hash = Record<string, unknown>;
const isHash = (v: unknown): v is Hash => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown) => (v === undefined || v === null ? "" : typeof v === "object" ? JSON.stringify(v) : String(v));

const INPUT_TYPES: Record<string, string> = { email: "email", number: "number", date: "date", phone: "tel" };

/** A text-like or choice input for a scalar answer (also a repeat-field component's). */
function ScalarInput({
  element: el,
  id,
  value,
  onChange,
  describedBy,
}: {
  element: FormElement;
  id: string;
  value: unknown;
  onChange: (v: unknown) => void;
  describedBy?: string;
}) {
  const category = elementCategory(el.type);
  const common = { id, "aria-describedby": describedBy } as const;
  if (category === "single-choice") {
    return (
      <select {...common} value={str(value)} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">No answer</option>
        {(el.options ?? []).map((o) => (
          <option key={o.id} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  if (el.type === "long-text") return <textarea {...common} rows={4} value={str(value)} onChange={(e) => onChange(e.target.value)} />;
  return (
    <input
      {...common}
      type={INPUT_TYPES[el.type] ?? "text"}
      step={el.type === "number" ? "any" : undefined}
      value={str(value)}
      onChange={(e) => onChange(e.target.value)}
      autoComplete="off"
    />
  );
}

/** The editor of one element's answer; `id` is its first input's id (the label points at it). */
export function AnswerEditor({
  element: el,
  id,
  value,
  onChange,
  describedBy,
}: {
  element: FormElement;
  id: string;
  value: unknown;
  onChange: (v: unknown) => void;
  describedBy?: string;
}) {
  const category = elementCategory(el.type);
  // Files are the respondent's: an edit keeps them as they are (server/uploads/edit-answers.ts).
  if (category === "file") {
    const names = Array.isArray(value) ? value.map((f) => (isHash(f) ? String(f.name) : "")).filter(Boolean) : [];
    return (
      <p id={id} className="muted" aria-describedby={describedBy}>
        {names.length ? names.join(", ") : "No files"} (files cannot be edited)
      </p>
    );
  }
  if (category === "composite") {
    const parts = isHash(value) ? value : {};
    return (
      <div className="editor-parts">
        {(el.children ?? []).map((c) => (
          <div className="field" key={c.fixedname}>
            <label htmlFor={`${id}-${c.fixedname}`}>{c.label}</label>
            <input
              id={`${id}-${c.fixedname}`}
              value={str(parts[c.fixedname])}
              onChange={(e) => onChange({ ...parts, [c.fixedname]: e.target.value })}
              autoComplete="off"
            />
          </div>
        ))}
      </div>
    );
  }
  if (category === "matrix") {
    const rows = isHash(value) ? value : {};
    return (
      <div className="editor-parts">
        {(el.rows ?? []).map((r) => {
          const chosen = isHash(rows[r.id]) ? (Object.keys(rows[r.id] as Hash)[0] ?? "") : "";
          return (
            <div className="field" key={r.id}>
              <label htmlFor={`${id}-${r.id}`}>{r.label}</label>
              <select
                id={`${id}-${r.id}`}
                value={chosen}
                onChange={(e) => {
                  const col = (el.columns ?? []).find((c) => c.id === e.target.value);
                  const next = { ...rows };
                  if (col) next[r.id] = { [col.id]: col.value ?? true };
                  else delete next[r.id];
                  onChange(next);
                }}
              >
                <option value="">No answer</option>
                {(el.columns ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
    );
  }
  if (category === "repeat") {
    const rows = Array.isArray(value) ? (value as unknown[]).map((r) => (isHash(r) ? r : {})) : [];
    return (
      <div className="editor-rows">
        {rows.map((row, i) => (
          <fieldset key={i} className="editor-row">
            <legend>
              {el.label} {i + 1}
            </legend>
            {(el.components ?? []).map((comp) => (
              <div className="field" key={comp.id}>
                <label htmlFor={`${id}-${i}-${comp.id}`}>{comp.label}</label>
                <ScalarInput
                  element={comp}
                  id={`${id}-${i}-${comp.id}`}
                  value={row[comp.id]}
                  onChange={(v) => onChange(rows.map((r, j) => (j === i ? { ...r, [comp.id]: v } : r)))}
                />
              </div>
            ))}
            <button type="button" className="button button-small button-ghost" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
              Remove {el.label} {i + 1}
            </button>
          </fieldset>
        ))}
        <button type="button" className="button button-small" onClick={() => onChange([...rows, {}])}>
          Add a row to {el.label}
        </button>
      </div>
    );
  }
  if (el.type === "ranking") {
    const order = Array.isArray(value) ? (value as unknown[]).map(str) : [];
    const move = (i: number, by: number) => {
      const next = [...order];
      const [item] = next.splice(i, 1);
      next.splice(i + by, 0, item!);
      onChange(next);
    };
    const label = (v: string) => el.options?.find((o) => o.value === v)?.label ?? v;
    return (
      <ol className="editor-ranking">
        {order.map((v, i) => (
          <li key={v}>
            <span>{label(v)}</span>
            <button
              type="button"
              className="button button-small button-ghost"
              disabled={i === 0}
              onClick={() => move(i, -1)}
              aria-label={`Move ${label(v)} up`}
            >
              Up
            </button>
            <button
              type="button"
              className="button button-small button-ghost"
              disabled={i === order.length - 1}
              onClick={() => move(i, 1)}
              aria-label={`Move ${label(v)} down`}
            >
              Down
            </button>
          </li>
        ))}
        {order.length === 0 && <li className="muted">No ranking given.</li>}
      </ol>
    );
  }
  if (category === "multi-choice") {
    const chosen = Array.isArray(value) ? (value as unknown[]).map(str) : [];
    return (
      <div className="choices">
        {(el.options ?? []).map((o) => (
          <label key={o.id} className="choice">
            <input
              type="checkbox"
              checked={chosen.includes(o.value)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value))}
            />
            {o.label}
          </label>
        ))}
      </div>
    );
  }
  return <ScalarInput element={el} id={id} value={value} onChange={onChange} describedBy={describedBy} />;
}

/** Whether an element's editor is a group of inputs (labelled by a legend) or one input (by a label). */
export const isGroupEditor = (el: FormElement) => {
  const category = elementCategory(el.type);
  return category === "composite" || category === "matrix" || category === "repeat" || category === "multi-choice";
};
