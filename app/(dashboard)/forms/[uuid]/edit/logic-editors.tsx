"use client";

import { useState } from "react";
import type { Condition, ConditionItem, ConditionRule, FormElement, FormEnding, FormSettings } from "@/db/schema";
import { ConditionEditor } from "./condition-editor";
import { newId } from "./element-model";

/**
 * The builder's editors for form logic: the per-field rules, the field id, and the form's
 * description and endings (an ending's `showIf` is edited by condition-editor.tsx, as a
 * field's is). Every value they write is checked again when publishing
 * (lib/forms/definition.ts), with each problem shown at its path.
 */

const isRule = (item: ConditionItem): item is ConditionRule => !("all" in item) && !("any" in item);

/** Help text, placeholder and the type's limits; an empty box removes the rule. */
export function FieldRulesEditor({
  element,
  onChange,
  idBase,
  problemAt,
}: {
  element: FormElement;
  onChange: (next: FormElement) => void;
  idBase: string;
  problemAt: (key: string) => string | undefined;
}) {
  const setText = (key: "description" | "placeholder", value: string) => {
    const next = { ...element };
    if (value === "") delete next[key];
    else next[key] = value;
    onChange(next);
  };
  const setNumber = (key: string, raw: string) => {
    const next: FormElement = { ...element };
    const n = Number(raw);
    if (raw.trim() === "" || !Number.isFinite(n)) delete next[key];
    else next[key] = n;
    onChange(next);
  };
  const limits: [string, string][] =
    element.type === "number"
      ? [
          ["min", "Smallest number"],
          ["max", "Largest number"],
        ]
      : element.type === "short-text" || element.type === "long-text"
        ? [
            ["minLength", "Fewest characters"],
            ["maxLength", "Most characters"],
          ]
        : element.type === "multiple-checkbox"
          ? [
              ["minChoices", "Fewest choices"],
              ["maxChoices", "Most choices"],
            ]
          : element.type === "file-upload"
            ? [
                ["maxFiles", "Most files (default 1)"],
                ["maxFileSizeMb", "Largest file in MB (default 10)"],
              ]
            : [];
  // A file field's accepted types, as typed: ".pdf, .docx" (any type when empty).
  const setAccept = (raw: string) => {
    const next: FormElement = { ...element };
    const types = raw
      .split(/[\s,]+/)
      .map((t) => t.trim())
      .filter(Boolean);
    if (types.length) next.accept = types;
    else delete next.accept;
    onChange(next);
  };
  const placeholder = ["short-text", "long-text", "email", "number", "phone"].includes(element.type);
  return (
    <div className="bl-rules-box">
      <div className="field">
        <label htmlFor={`${idBase}-description`}>Help text</label>
        <input
          id={`${idBase}-description`}
          className="bl-input"
          value={typeof element.description === "string" ? element.description : ""}
          maxLength={2000}
          onChange={(e) => setText("description", e.target.value)}
        />
      </div>
      {placeholder ? (
        <div className="field">
          <label htmlFor={`${idBase}-placeholder`}>Placeholder</label>
          <input
            id={`${idBase}-placeholder`}
            className="bl-input"
            value={typeof element.placeholder === "string" ? element.placeholder : ""}
            maxLength={200}
            onChange={(e) => setText("placeholder", e.target.value)}
          />
        </div>
      ) : null}
      {element.type === "file-upload" ? (
        <div className="field">
          <label htmlFor={`${idBase}-accept`}>Accepted file types</label>
          <p className="hint" id={`${idBase}-accept-hint`}>
            Extensions separated by commas, e.g. .pdf, .docx; empty for any type. The server checks each file&apos;s content too.
          </p>
          <input
            id={`${idBase}-accept`}
            className="bl-input"
            defaultValue={Array.isArray(element.accept) ? (element.accept as string[]).join(", ") : ""}
            maxLength={500}
            onChange={(e) => setAccept(e.target.value)}
            aria-describedby={problemAt("accept") ? `${idBase}-accept-hint ${idBase}-accept-problem` : `${idBase}-accept-hint`}
            aria-invalid={problemAt("accept") ? true : undefined}
          />
          {problemAt("accept") ? (
            <p className="field-error" id={`${idBase}-accept-problem`}>
              {problemAt("accept")}
            </p>
          ) : null}
        </div>
      ) : null}
      {limits.length ? (
        <div className="bl-row">
          {limits.map(([key, label]) => {
            const problem = problemAt(key);
            return (
              <div className="field" key={key}>
                <label htmlFor={`${idBase}-${key}`}>{label}</label>
                <input
                  id={`${idBase}-${key}`}
                  className="bl-input bl-input-number"
                  inputMode="decimal"
                  defaultValue={typeof element[key] === "number" ? String(element[key]) : ""}
                  onChange={(e) => setNumber(key, e.target.value)}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${idBase}-${key}-problem` : undefined}
                />
                {problem ? (
                  <p className="field-error" id={`${idBase}-${key}-problem`}>
                    {problem}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}

const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The field's id (what API filters, prefills and conditions name), with Copy; renamable to a
 * readable key while no submission holds an answer to it (`renamable`).
 */
export function ElementIdField({
  element,
  taken,
  renamable,
  onRename,
  idBase,
}: {
  element: FormElement;
  taken: (id: string) => boolean;
  renamable: boolean;
  onRename: (id: string) => void;
  idBase: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const problem =
    draft === null || draft === element.id
      ? null
      : !ID_RE.test(draft)
        ? "Use 1 to 64 letters, digits, _ or -"
        : taken(draft)
          ? "Another field already has this id"
          : null;
  return (
    <div className="bl-id">
      {draft === null ? (
        <>
          <span className="hint">
            Field id <code>{element.id}</code>
          </span>
          <button
            type="button"
            className="button button-small button-ghost"
            onClick={() => {
              void navigator.clipboard?.writeText(element.id).then(() => setCopied(true));
            }}
            aria-label={`Copy field id ${element.id}`}
          >
            {copied ? "Copied" : "Copy"}
          </button>
          {renamable ? (
            <button type="button" className="button button-small button-ghost" onClick={() => setDraft(element.id)}>
              Rename id
            </button>
          ) : null}
          <span className="visually-hidden" role="status">
            {copied ? "Field id copied" : ""}
          </span>
        </>
      ) : (
        <div className="bl-row">
          <div className="field">
            <label htmlFor={`${idBase}-id`}>Field id</label>
            <input
              id={`${idBase}-id`}
              className="bl-input"
              value={draft}
              onChange={(e) => setDraft(e.target.value.trim())}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${idBase}-id-problem` : undefined}
            />
            {problem ? (
              <p className="field-error" id={`${idBase}-id-problem`}>
                {problem}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            className="button button-small"
            disabled={Boolean(problem)}
            onClick={() => {
              if (draft !== element.id) onRename(draft);
              setDraft(null);
            }}
          >
            Save id
          </button>
          <button type="button" className="button button-small button-ghost" onClick={() => setDraft(null)}>
            Cancel
          </button>
        </div>
      )}
    </div>
  );
}

/** A renamed field id, followed everywhere it is named in the form: its element and every rule that names it. */
export function renameElementId(elements: readonly FormElement[], settings: FormSettings, from: string, to: string) {
  const renameIn = (c: Condition | undefined): Condition | undefined => {
    if (!c) return c;
    const kind = "all" in c ? "all" : "any";
    const items = (c as Record<string, ConditionItem[]>)[kind] ?? [];
    return { [kind]: items.map((i) => (isRule(i) ? (i.field === from ? { ...i, field: to } : i) : renameIn(i)!)) } as Condition;
  };
  const nextElements = elements.map((e) => {
    const renamed = e.id === from ? { ...e, id: to } : e;
    return renamed.showIf ? { ...renamed, showIf: renameIn(renamed.showIf) } : renamed;
  });
  const endings = settings.endings?.map((e) => (e.showIf ? { ...e, showIf: renameIn(e.showIf) } : e));
  return { elements: nextElements, settings: endings ? { ...settings, endings } : settings };
}

/** The form's description and its endings (title, message, redirect, condition). */
export function SettingsEditor({
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
  const endings = settings.endings ?? [];
  const setEndings = (next: FormEnding[]) => {
    const { endings: _old, ...rest } = settings;
    onChange(next.length ? { ...rest, endings: next } : rest);
  };
  const setEnding = (i: number, change: Partial<FormEnding>) => {
    const next = { ...endings[i]!, ...change };
    for (const key of ["message", "redirectUrl", "showIf"] as const) if (next[key] === "" || next[key] === undefined) delete next[key];
    setEndings(endings.map((e, j) => (j === i ? next : e)));
  };
  return (
    <section className="bl-settings" aria-labelledby="bl-settings-title">
      <h2 id="bl-settings-title" className="bl-settings-title">
        Description and endings
      </h2>
      <div className="field">
        <label htmlFor="bl-description">Form description</label>
        <textarea
          id="bl-description"
          className="bl-input"
          rows={2}
          maxLength={2000}
          value={settings.description ?? ""}
          onChange={(e) => {
            const { description: _old, ...rest } = settings;
            onChange(e.target.value ? { ...rest, description: e.target.value } : rest);
          }}
        />
        <p className="hint">Shown above the first page.</p>
      </div>
      <ol className="bl-endings">
        {endings.map((ending, i) => {
          const base = `bl-end-${i}`;
          const titleProblem = problemAt(["endings", i, "title"]);
          const urlProblem = problemAt(["endings", i, "redirectUrl"]);
          return (
            <li key={ending.id} className="bl-ending" aria-label={`Ending ${i + 1}`}>
              <div className="field">
                <label htmlFor={`${base}-title`}>Ending {i + 1} title</label>
                <input
                  id={`${base}-title`}
                  className="bl-input"
                  value={ending.title}
                  maxLength={200}
                  onChange={(e) => setEnding(i, { title: e.target.value })}
                  aria-invalid={titleProblem ? true : undefined}
                  aria-describedby={titleProblem ? `${base}-title-problem` : undefined}
                />
                {titleProblem ? (
                  <p className="field-error" id={`${base}-title-problem`}>
                    {titleProblem}
                  </p>
                ) : null}
              </div>
              <div className="field">
                <label htmlFor={`${base}-message`}>Message</label>
                <textarea
                  id={`${base}-message`}
                  className="bl-input"
                  rows={2}
                  value={ending.message ?? ""}
                  onChange={(e) => setEnding(i, { message: e.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`${base}-url`}>Redirect to (optional)</label>
                <input
                  id={`${base}-url`}
                  className="bl-input"
                  type="url"
                  placeholder="https://"
                  value={ending.redirectUrl ?? ""}
                  onChange={(e) => setEnding(i, { redirectUrl: e.target.value })}
                  aria-invalid={urlProblem ? true : undefined}
                  aria-describedby={urlProblem ? `${base}-url-problem` : undefined}
                />
                {urlProblem ? (
                  <p className="field-error" id={`${base}-url-problem`}>
                    {urlProblem}
                  </p>
                ) : null}
              </div>
              <ConditionEditor
                condition={ending.showIf}
                before={elements}
                onChange={(showIf) => setEnding(i, { showIf })}
                idBase={`${base}-if`}
                noun="ending"
              />
              <button
                type="button"
                className="button button-small button-ghost"
                onClick={() => setEndings(endings.filter((_, j) => j !== i))}
                aria-label={`Remove ending ${i + 1}`}
              >
                Remove ending
              </button>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button button-small"
        onClick={() => setEndings([...endings, { id: newId("end"), title: "Thank you!" }])}
      >
        Add ending
      </button>
      <p className="hint">The first ending whose condition holds is shown after Submit; without endings, a plain thank-you.</p>
    </section>
  );
}
