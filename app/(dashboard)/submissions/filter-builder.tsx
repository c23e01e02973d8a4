"use client";

import { useId, useState } from "react";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/app/router";
import { filterTypeLabel } from "@/lib/filters/filter-labels";
import type { FilterRow } from "./use-submission-params";

/** A field the builder offers, as `submissions.list` describes it. */
type FilterField = inferRouterOutputs<AppRouter>["submissions"]["list"]["filterFields"][number];

const NO_VALUE = new Set(["is_empty", "is_filled"]);
const LISTS = new Set(["is_in", "is_not_in"]);

/** A filter as a sentence: "Team size is between 1 and 10". */
export function describeFilter(row: FilterRow, fields: FilterField[]): string {
  const field = fields.find((f) => f.key === row.field);
  const label = field?.label ?? row.field;
  const op = filterTypeLabel(row.type);
  if (NO_VALUE.has(row.type)) return `${label} ${row.value.trim().toLowerCase() === "false" ? `is not ${op.replace(/^is /, "")}` : op}`;
  const show = (v: string) => field?.options.find((o) => o.value === v)?.label ?? v;
  if (row.type === "in_range") {
    const [min = "", max = ""] = row.value.split(",");
    return `${label} ${op} ${min} and ${max}`;
  }
  if (LISTS.has(row.type))
    return `${label} ${op} ${row.value
      .split(",")
      .map((v) => show(v.trim()))
      .join(", ")}`;
  return `${label} ${op} ${show(row.value)}`;
}

/**
 * The filters of the table, built by pointing: a field, a filter type that fits its values,
 * and an input for the value (a number, a date, the options). Applied filters are v2's
 * parameters in the URL; `errors[i]` is v2's message about filter i, shown beside it.
 */
export function FilterBuilder({
  fields,
  applied,
  errors,
  onChange,
}: {
  fields: FilterField[];
  applied: FilterRow[];
  errors: Record<number, string>;
  onChange: (rows: FilterRow[]) => void;
}) {
  const [adding, setAdding] = useState(false);
  return (
    <section className="card filter-card" aria-labelledby="filters-title">
      <div className="filter-head">
        <h2 id="filters-title">Filters</h2>
        {!adding && (
          <button type="button" className="button button-small" onClick={() => setAdding(true)} disabled={fields.length === 0}>
            Add filter
          </button>
        )}
      </div>
      {applied.length === 0 && !adding && <p className="muted">Showing every submission. Add a filter to narrow them down.</p>}
      {applied.length > 0 && (
        <ul className="filter-list">
          {applied.map((row, i) => (
            <li key={`${i}-${row.field}-${row.type}-${row.value}`} className={errors[i] ? "filter-item is-invalid" : "filter-item"}>
              <span className="filter-text">{describeFilter(row, fields)}</span>
              <button
                type="button"
                className="button button-small button-ghost"
                onClick={() => onChange(applied.filter((_, j) => j !== i))}
                aria-label={`Remove filter: ${describeFilter(row, fields)}`}
              >
                Remove
              </button>
              {errors[i] && (
                <p className="field-error" role="alert">
                  {errors[i]}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {applied.length > 1 && (
        <button type="button" className="button button-small button-ghost" onClick={() => onChange([])}>
          Clear all filters
        </button>
      )}
      {adding && (
        <NewFilter
          fields={fields}
          onCancel={() => setAdding(false)}
          onAdd={(row) => {
            setAdding(false);
            onChange([...applied, row]);
          }}
        />
      )}
    </section>
  );
}

function NewFilter({ fields, onAdd, onCancel }: { fields: FilterField[]; onAdd: (row: FilterRow) => void; onCancel: () => void }) {
  const id = useId();
  const [key, setKey] = useState(fields[0]?.key ?? "");
  const field = fields.find((f) => f.key === key) ?? fields[0];
  const [type, setType] = useState(field?.types[0] ?? "");
  const [value, setValue] = useState("");
  const [min, setMin] = useState("");
  const [max, setMax] = useState("");
  const [list, setList] = useState<string[]>([]);
  if (!field) return null;
  const kind = field.types.includes(type) ? type : field.types[0]!;
  // before/after/on/not_on always take a date, whatever the field.
  const valueInput = ["before", "after", "on", "not_on"].includes(kind) ? "date" : field.input;
  const htmlType = valueInput === "number" ? "number" : valueInput === "date" ? "date" : "text";

  const finalValue = () => {
    if (NO_VALUE.has(kind)) return "true";
    if (kind === "in_range") return `${min},${max}`;
    if (LISTS.has(kind) && field.input === "choice") return list.join(",");
    return value;
  };

  let input;
  if (NO_VALUE.has(kind)) input = null;
  else if (kind === "in_range") {
    input = (
      <div className="filter-range">
        <div className="field">
          <label htmlFor={`${id}-min`}>From</label>
          <input
            id={`${id}-min`}
            type={htmlType}
            step={htmlType === "number" ? "any" : undefined}
            value={min}
            onChange={(e) => setMin(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-max`}>To</label>
          <input
            id={`${id}-max`}
            type={htmlType}
            step={htmlType === "number" ? "any" : undefined}
            value={max}
            onChange={(e) => setMax(e.target.value)}
          />
        </div>
      </div>
    );
  } else if (field.input === "choice" && LISTS.has(kind)) {
    input = (
      <fieldset className="field-choices">
        <legend>Values</legend>
        <div className="choices">
          {field.options.map((o) => (
            <label key={o.value} className="choice">
              <input
                type="checkbox"
                checked={list.includes(o.value)}
                onChange={(e) => setList(e.target.checked ? [...list, o.value] : list.filter((v) => v !== o.value))}
              />
              {o.label}
            </label>
          ))}
        </div>
      </fieldset>
    );
  } else if (field.input === "choice" && (kind === "is_equal_to" || kind === "is_not_equal_to")) {
    input = (
      <div className="field">
        <label htmlFor={`${id}-value`}>Value</label>
        <select id={`${id}-value`} value={value} onChange={(e) => setValue(e.target.value)}>
          <option value="">Choose an option</option>
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    );
  } else {
    input = (
      <div className="field">
        <label htmlFor={`${id}-value`}>Value</label>
        <input
          id={`${id}-value`}
          type={htmlType}
          step={htmlType === "number" ? "any" : undefined}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-describedby={LISTS.has(kind) ? `${id}-hint` : undefined}
          autoComplete="off"
        />
        {LISTS.has(kind) && (
          <p className="hint" id={`${id}-hint`}>
            Separate values with commas.
          </p>
        )}
      </div>
    );
  }

  return (
    <form
      className="new-filter"
      aria-label="New filter"
      onSubmit={(e) => {
        e.preventDefault();
        onAdd({ field: field.key, type: kind, value: finalValue() });
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-field`}>Field</label>
        <select
          id={`${id}-field`}
          value={field.key}
          autoFocus
          onChange={(e) => {
            setKey(e.target.value);
            const next = fields.find((f) => f.key === e.target.value);
            setType(next?.types[0] ?? "");
            setValue("");
            setList([]);
          }}
        >
          {fields.map((f) => (
            <option key={f.key} value={f.key}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-type`}>Condition</label>
        <select id={`${id}-type`} value={kind} onChange={(e) => setType(e.target.value)}>
          {field.types.map((t) => (
            <option key={t} value={t}>
              {filterTypeLabel(t)}
            </option>
          ))}
        </select>
      </div>
      {input}
      <div className="new-filter-actions">
        <button type="submit" className="button button-primary button-small">
          Apply filter
        </button>
        <button type="button" className="button button-small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
