import type { FormElement } from "@/db/schema";
import { elementCategory } from "@/lib/forms/element-types";

/*
 * How the dashboard shows a stored answer (v2's shape: ZV2Submission's `data`, server/services/submissions/serialize.ts):
 * options by their labels, dates as dates, name/address by their parts, matrix as a table, repeat-field row by row.
 */

const isHash = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
/** A form's date answer is a calendar day: shown as such wherever the browser is. */
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" });

export function formatDay(value: string): string {
  const t = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
  return Number.isNaN(t) ? value : dayFormat.format(t);
}

/** A file's size as people read it: 812 bytes, 14.2 KB, 3.1 MB. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes)) return "";
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

const optionLabel = (el: FormElement, v: unknown) => el.options?.find((o) => o.value === v)?.label ?? String(v);

/** A scalar or choice answer as text ("" when there is none). */
function scalarText(el: FormElement, value: unknown): string {
  if (value === undefined || value === null) return "";
  const category = elementCategory(el.type);
  if (category === "single-choice" || category === "multi-choice") {
    return Array.isArray(value) ? value.map((v) => optionLabel(el, v)).join(", ") : optionLabel(el, value);
  }
  if (el.type === "date" && typeof value === "string") return formatDay(value);
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

function matrixRowText(el: FormElement, row: unknown): string {
  if (!isHash(row)) return "";
  return Object.keys(row)
    .map((colId) => el.columns?.find((c) => c.id === colId)?.label ?? colId)
    .join(", ");
}

/** One line for a table cell: composites joined, a matrix as `row: column`, a repeat-field as a row count. */
export function compactAnswer(el: FormElement, value: unknown): string {
  if (value === undefined || value === null) return "";
  const category = elementCategory(el.type);
  if (category === "composite" && isHash(value)) {
    return (el.children ?? [])
      .map((c) => value[c.fixedname])
      .filter((v) => v !== undefined && v !== "")
      .join(" ");
  }
  if (category === "matrix" && isHash(value)) {
    return (el.rows ?? [])
      .filter((r) => value[r.id] !== undefined)
      .map((r) => `${r.label}: ${matrixRowText(el, value[r.id])}`)
      .join("; ");
  }
  if (category === "file" && Array.isArray(value)) return value.map((f) => (isHash(f) ? String(f.name) : "")).join(", ");
  if (category === "repeat" && Array.isArray(value)) {
    const first = el.components?.[0];
    const names = first ? value.map((row) => (isHash(row) ? scalarText(first, row[first.id]) : "")).filter(Boolean) : [];
    return `${value.length} ${value.length === 1 ? "row" : "rows"}${names.length ? `: ${names.join(", ")}` : ""}`;
  }
  return scalarText(el, value);
}

/** The full answer of one element, for the submission page. */
export function AnswerView({ element: el, value }: { element: FormElement; value: unknown }) {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0))
    return <span className="muted">No answer</span>;
  const category = elementCategory(el.type);
  if (category === "composite" && isHash(value)) {
    return (
      <dl className="answer-parts">
        {(el.children ?? []).map((c) => (
          <div key={c.fixedname}>
            <dt>{c.label}</dt>
            <dd>{value[c.fixedname] === undefined ? <span className="muted">—</span> : String(value[c.fixedname])}</dd>
          </div>
        ))}
      </dl>
    );
  }
  if (category === "matrix" && isHash(value)) {
    return (
      <div className="table-wrap">
        <table className="table answer-matrix">
          <caption className="visually-hidden">{el.label}</caption>
          <thead>
            <tr>
              <td />
              {(el.columns ?? []).map((c) => (
                <th scope="col" key={c.id}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(el.rows ?? []).map((r) => {
              const row = value[r.id];
              return (
                <tr key={r.id}>
                  <th scope="row">{r.label}</th>
                  {(el.columns ?? []).map((c) => {
                    const chosen = isHash(row) && row[c.id] !== undefined;
                    return (
                      <td key={c.id} className="matrix-cell">
                        {chosen ? (
                          <>
                            <span aria-hidden="true">✓</span>
                            <span className="visually-hidden">chosen</span>
                          </>
                        ) : (
                          <span className="visually-hidden">not chosen</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  }
  if (category === "file" && Array.isArray(value)) {
    // Each file through its signed link (valid 15 minutes from when the page was loaded), always a download.
    return (
      <ul className="answer-files">
        {value.filter(isHash).map((f, i) => (
          <li key={i}>
            {typeof f.url === "string" ? (
              <a href={f.url} download>
                {String(f.name)}
              </a>
            ) : (
              String(f.name)
            )}{" "}
            <span className="muted">({formatSize(Number(f.size))})</span>
          </li>
        ))}
      </ul>
    );
  }
  if (category === "repeat" && Array.isArray(value)) {
    return (
      <ol className="answer-rows">
        {value.map((row, i) => (
          <li key={i}>
            <dl className="answer-parts">
              {(el.components ?? []).map((comp) => (
                <div key={comp.id}>
                  <dt>{comp.label}</dt>
                  <dd>{isHash(row) && row[comp.id] !== undefined ? scalarText(comp, row[comp.id]) : <span className="muted">—</span>}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ol>
    );
  }
  if (category === "multi-choice" && Array.isArray(value)) {
    const Tag = el.type === "ranking" ? "ol" : "ul";
    return (
      <Tag className="answer-list">
        {value.map((v, i) => (
          <li key={i}>{optionLabel(el, v)}</li>
        ))}
      </Tag>
    );
  }
  if (el.type === "long-text") return <p className="answer-long">{scalarText(el, value)}</p>;
  return <span>{scalarText(el, value)}</span>;
}
