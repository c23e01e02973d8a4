"use client";

import type { ReactNode } from "react";
import type { EditorField, EditorFieldBase, EditorValue, RowValues } from "./prefill-values";

type Value = EditorValue | RowValues[string] | undefined;
type Props = {
  field: EditorField | EditorFieldBase;
  idPrefix: string;
  value: Value;
  onChange: (v: EditorValue) => void;
  error: string | null;
};

const TEXT_INPUT: Partial<Record<EditorFieldBase["input"], string>> = {
  text: "text",
  email: "email",
  number: "number",
  date: "date",
  phone: "tel",
};
const asText = (v: Value) => (typeof v === "string" ? v : "");
const asList = (v: Value) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
const asRecord = (v: Value): Record<string, string> => (typeof v === "object" && v !== null && !Array.isArray(v) ? v : {});
const asRows = (v: Value): RowValues[] => (Array.isArray(v) ? v.filter((r): r is RowValues => typeof r === "object" && r !== null) : []);

/** One field of the prefill editor, by its input (server/services/prefills/editor-fields.ts). */
export function FieldInput({ field, idPrefix, value, onChange, error }: Props) {
  const id = `${idPrefix}-${field.id}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = error ? `${hintId} ${errorId}` : hintId;
  // The element type (and the phone format) describes the field; it is not part of its name.
  const type = (
    <span className="field-type" id={hintId}>
      {field.type}
      {field.input === "phone" && (field.countrySelector ? " · +44-2071234567" : " · local number")}
    </span>
  );
  const problem = error && (
    <p className="field-error" id={errorId}>
      {error}
    </p>
  );
  const group = (children: ReactNode, wide = false) => (
    <fieldset
      className={["field-choices", wide && "field-wide", error && "is-invalid"].filter(Boolean).join(" ")}
      aria-describedby={describedBy}
    >
      <legend className="visually-hidden">{field.label}</legend>
      <div className="field-label" aria-hidden="true">
        <span className="field-label-text">{field.label}</span>
        {type}
      </div>
      {children}
      {problem}
    </fieldset>
  );

  switch (field.input) {
    case "checkboxes": {
      const checked = asList(value);
      return group(
        <div className="choices">
          {field.options.map((o) => (
            <label key={o.id} className="choice">
              <input
                type="checkbox"
                checked={checked.includes(o.id)}
                onChange={(e) => onChange(e.target.checked ? [...checked, o.id] : checked.filter((x) => x !== o.id))}
              />
              {o.label}
            </label>
          ))}
        </div>,
      );
    }
    case "ranking":
      return group(<RankingInput field={field} id={id} ranked={asList(value)} onChange={onChange} />);
    case "matrix": {
      const cells = asRecord(value);
      return group(
        <div className="editor-parts">
          {field.rows.map((row) => (
            <div key={row.id} className="editor-part">
              <label htmlFor={`${id}-${row.id}`}>{row.label}</label>
              <select id={`${id}-${row.id}`} value={cells[row.id] ?? ""} onChange={(e) => onChange({ ...cells, [row.id]: e.target.value })}>
                <option value="">Not prefilled</option>
                {field.columns.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>,
      );
    }
    case "composite": {
      const parts = asRecord(value);
      return group(
        <div className="editor-parts">
          {field.parts.map((part) => (
            <div key={part.key} className="editor-part">
              <label htmlFor={`${id}-${part.key}`}>{part.label}</label>
              <input
                id={`${id}-${part.key}`}
                value={parts[part.key] ?? ""}
                onChange={(e) => onChange({ ...parts, [part.key]: e.target.value })}
                autoComplete="off"
              />
            </div>
          ))}
        </div>,
      );
    }
    case "repeat":
      return group(<RepeatInput field={field} id={id} rows={asRows(value)} onChange={onChange} />, true);
  }

  const text = asText(value);
  const common = { id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined } as const;
  let input;
  if (field.input === "choice") {
    input = (
      <select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
        <option value="">Not prefilled</option>
        {field.options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else if (field.input === "textarea") {
    input = <textarea {...common} rows={3} value={text} onChange={(e) => onChange(e.target.value)} />;
  } else {
    input = (
      <input
        {...common}
        type={TEXT_INPUT[field.input] ?? "text"}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        step={field.input === "number" ? "any" : undefined}
        autoComplete="off"
      />
    );
  }
  return (
    <div className={error ? "field is-invalid" : "field"}>
      <div className="field-label">
        <label htmlFor={id}>{field.label}</label>
        {type}
      </div>
      {input}
      {problem}
    </div>
  );
}

/** Ranked options first, in order (move up / remove), then a picker for the next one. */
function RankingInput({
  field,
  id,
  ranked,
  onChange,
}: {
  field: EditorFieldBase;
  id: string;
  ranked: string[];
  onChange: (v: string[]) => void;
}) {
  const labelOf = (optionId: string) => field.options.find((o) => o.id === optionId)?.label ?? optionId;
  const rest = field.options.filter((o) => !ranked.includes(o.id));
  const move = (i: number) => onChange(ranked.map((x, j) => (j === i - 1 ? ranked[i]! : j === i ? ranked[i - 1]! : x)));
  return (
    <div className="editor-ranking">
      {ranked.length > 0 && (
        <ol className="editor-ranked">
          {ranked.map((optionId, i) => (
            <li key={optionId}>
              <span className="editor-ranked-label">{labelOf(optionId)}</span>
              <button
                type="button"
                className="button button-small"
                onClick={() => move(i)}
                disabled={i === 0}
                aria-label={`Move ${labelOf(optionId)} up`}
              >
                Up
              </button>
              <button
                type="button"
                className="button button-small"
                onClick={() => onChange(ranked.filter((x) => x !== optionId))}
                aria-label={`Remove ${labelOf(optionId)}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
      )}
      {rest.length > 0 && (
        <div className="editor-part">
          <label htmlFor={`${id}-next`}>{ranked.length ? "Then" : "First"}</label>
          <select id={`${id}-next`} value="" onChange={(e) => e.target.value && onChange([...ranked, e.target.value])}>
            <option value="">Choose an option…</option>
            {rest.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className="hint">Options left out follow in the form&apos;s order.</p>
    </div>
  );
}

/** Rows of a repeat-field, each with the component inputs. */
function RepeatInput({
  field,
  id,
  rows,
  onChange,
}: {
  field: EditorField | EditorFieldBase;
  id: string;
  rows: RowValues[];
  onChange: (v: RowValues[]) => void;
}) {
  const components = "components" in field ? field.components : [];
  const setRow = (i: number, row: RowValues) => onChange(rows.map((r, j) => (j === i ? row : r)));
  return (
    <div className="editor-rows">
      {rows.map((row, i) => (
        <div key={i} className="editor-row" role="group" aria-label={`${field.label}, row ${i + 1}`}>
          <div className="editor-row-head">
            <span className="field-label-text">Row {i + 1}</span>
            <button
              type="button"
              className="button button-small"
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
              aria-label={`Remove row ${i + 1} of ${field.label}`}
            >
              Remove
            </button>
          </div>
          <div className="field-grid">
            {components.map((c) => (
              <FieldInput
                key={c.id}
                field={c}
                idPrefix={`${id}-${i}`}
                value={row[c.id]}
                onChange={(v) => setRow(i, { ...row, [c.id]: v as RowValues[string] })}
                error={null}
              />
            ))}
          </div>
        </div>
      ))}
      <div>
        <button type="button" className="button button-small" onClick={() => onChange([...rows, {}])}>
          Add a row
        </button>
      </div>
    </div>
  );
}
