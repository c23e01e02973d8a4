"use client";

import { useState } from "react";
import type { Condition, ConditionItem, ConditionRule, FormElement, FormEnding, FormSettings } from "@/db/schema";
import { filterableFields, type FilterableField } from "@/lib/filters/filter-fields";
import { FILTER_TYPE_LABELS } from "@/lib/filters/filter-labels";
import type { FilterType } from "@/lib/filters/filters";
import { answerElements } from "@/lib/forms/element-types";
import { newId } from "./element-model";

/**
 * The builder's editors for form logic: a `showIf` condition (one all/any group of rules; a
 * nested group from an imported form is kept and can be removed), the per-field rules, the
 * field id, and the form's description and endings. Every value they write is checked again
 * when publishing (lib/forms/definition.ts), with each problem shown at its path.
 */

const isRule = (item: ConditionItem): item is ConditionRule => !("all" in item) && !("any" in item);

/** The fields a condition of `before`'s next element may look at, with their choices by option id. */
function ruleFields(before: readonly FormElement[]) {
  const elements = answerElements(before);
  return filterableFields(elements).map((f) => ({ ...f, choices: findChoices(elements, f) }));
}

function findChoices(elements: readonly FormElement[], field: FilterableField) {
  for (const e of elements) {
    if (e.id === field.key && e.options) return e.options.map((o) => ({ id: o.id, label: o.label }));
    const component = e.components?.find((c) => c.id === field.key);
    if (component?.options) return component.options.map((o) => ({ id: o.id, label: o.label }));
  }
  return [];
}

type RuleField = ReturnType<typeof ruleFields>[number];

/** "Show this question only when…": off (no condition) or one group of rules. */
export function ConditionEditor({
  condition,
  before,
  onChange,
  idBase,
  noun,
  problem,
}: {
  condition: Condition | undefined;
  before: readonly FormElement[];
  onChange: (next: Condition | undefined) => void;
  idBase: string;
  noun: string;
  problem?: string;
}) {
  const fields = ruleFields(before);
  const kind: "all" | "any" = condition && "any" in condition ? "any" : "all";
  const items: ConditionItem[] = condition ? ((condition as Record<string, ConditionItem[]>)[kind] ?? []) : [];
  const setItems = (next: ConditionItem[]) => onChange({ [kind]: next } as Condition);
  const first = fields[0];
  const newRule = (): ConditionRule => ({ field: first!.key, op: first!.types[0]!, ...defaultValue(first!, first!.types[0]!) });

  if (!condition) {
    return (
      <div className="bl-logic">
        <button type="button" className="button button-small" disabled={!first} onClick={() => onChange({ all: [newRule()] })}>
          Show this {noun} only when…
        </button>
        {!first ? <p className="hint">Conditions look at the fields before this {noun}; there are none yet.</p> : null}
      </div>
    );
  }
  return (
    <fieldset className="bl-logic bl-items">
      <legend>Show this {noun} when</legend>
      <div className="field">
        <label htmlFor={`${idBase}-kind`}>Rules that must hold</label>
        <select id={`${idBase}-kind`} className="select" value={kind} onChange={(e) => onChange({ [e.target.value]: items } as Condition)}>
          <option value="all">All of these</option>
          <option value="any">Any of these</option>
        </select>
      </div>
      <ol className="bl-rules">
        {items.map((item, i) => (
          <li key={i} className="bl-rule">
            {isRule(item) ? (
              <RuleEditor
                rule={item}
                fields={fields}
                idBase={`${idBase}-r${i}`}
                position={i + 1}
                onChange={(next) => setItems(items.map((x, j) => (j === i ? next : x)))}
              />
            ) : (
              <p className="hint">A nested group of rules (kept as imported).</p>
            )}
            <button
              type="button"
              className="button button-small button-ghost"
              onClick={() => setItems(items.filter((_, j) => j !== i))}
              aria-label={`Remove rule ${i + 1}`}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      {problem ? <p className="field-error">{problem}</p> : null}
      <div className="bl-row">
        <button type="button" className="button button-small" onClick={() => setItems([...items, newRule()])} disabled={!first}>
          Add rule
        </button>
        <button type="button" className="button button-small button-ghost" onClick={() => onChange(undefined)}>
          Always show
        </button>
      </div>
    </fieldset>
  );
}

function defaultValue(field: RuleField, op: FilterType): { value?: unknown } {
  if (op === "is_empty" || op === "is_filled") return {};
  const choice = field.choices[0]?.id;
  if (op === "is_in" || op === "is_not_in") return { value: choice ? [choice] : [] };
  if (op === "in_range") return { value: ["", ""] };
  if (field.input === "choice" && (op === "is_equal_to" || op === "is_not_equal_to")) return { value: choice ?? "" };
  return { value: "" };
}

function RuleEditor({
  rule,
  fields,
  idBase,
  position,
  onChange,
}: {
  rule: ConditionRule;
  fields: RuleField[];
  idBase: string;
  position: number;
  onChange: (next: ConditionRule) => void;
}) {
  const field = fields.find((f) => f.key === rule.field);
  const op = rule.op as FilterType;
  const types = field?.types ?? [];
  return (
    <div className="bl-rule-parts" role="group" aria-label={`Rule ${position}`}>
      <div className="field">
        <label htmlFor={`${idBase}-field`}>Field</label>
        <select
          id={`${idBase}-field`}
          className="select"
          value={field ? rule.field : ""}
          onChange={(e) => {
            const next = fields.find((f) => f.key === e.target.value)!;
            const nextOp = next.types.includes(op) ? op : next.types[0]!;
            onChange({ field: next.key, op: nextOp, ...defaultValue(next, nextOp) });
          }}
        >
          {field ? null : <option value="">{rule.field} (not before this question)</option>}
          {fields.map((f) => (
            <option key={f.key} value={f.key}>
              {f.label || f.key}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${idBase}-op`}>Operator</label>
        <select
          id={`${idBase}-op`}
          className="select"
          value={op}
          onChange={(e) => {
            const nextOp = e.target.value as FilterType;
            onChange({ field: rule.field, op: nextOp, ...(field ? defaultValue(field, nextOp) : {}) });
          }}
        >
          {types.includes(op) ? null : <option value={op}>{op}</option>}
          {types.map((t) => (
            <option key={t} value={t}>
              {FILTER_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      {field ? <ValueEditor rule={rule} field={field} idBase={idBase} onChange={onChange} /> : null}
    </div>
  );
}

/** The value input fits the field: options by id for choices, numbers, dates, text; two for "between". */
function ValueEditor({
  rule,
  field,
  idBase,
  onChange,
}: {
  rule: ConditionRule;
  field: RuleField;
  idBase: string;
  onChange: (next: ConditionRule) => void;
}) {
  const op = rule.op as FilterType;
  if (op === "is_empty" || op === "is_filled") return null;
  const set = (value: unknown) => onChange({ ...rule, value });
  const inputType = field.input === "date" ? "date" : "text";
  const inputMode = field.input === "number" ? ("decimal" as const) : undefined;
  const choiceOp = field.input === "choice" && (op === "is_equal_to" || op === "is_not_equal_to" || op === "is_in" || op === "is_not_in");
  if (choiceOp && (op === "is_in" || op === "is_not_in")) {
    const chosen = Array.isArray(rule.value) ? (rule.value as string[]) : [];
    return (
      <fieldset className="bl-rule-values">
        <legend>Options</legend>
        {field.choices.map((c) => (
          <label key={c.id} className="choice">
            <input
              type="checkbox"
              checked={chosen.includes(c.id)}
              onChange={(e) => set(e.target.checked ? [...chosen, c.id] : chosen.filter((x) => x !== c.id))}
            />
            {c.label || c.id}
          </label>
        ))}
      </fieldset>
    );
  }
  if (choiceOp) {
    return (
      <div className="field">
        <label htmlFor={`${idBase}-value`}>Option</label>
        <select id={`${idBase}-value`} className="select" value={String(rule.value ?? "")} onChange={(e) => set(e.target.value)}>
          {field.choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label || c.id}
            </option>
          ))}
        </select>
      </div>
    );
  }
  if (op === "in_range") {
    const [min = "", max = ""] = Array.isArray(rule.value) ? (rule.value as string[]) : [];
    return (
      <div className="bl-row">
        <div className="field">
          <label htmlFor={`${idBase}-min`}>From</label>
          <input
            id={`${idBase}-min`}
            className="bl-input"
            type={inputType}
            inputMode={inputMode}
            value={min}
            onChange={(e) => set([e.target.value, max])}
          />
        </div>
        <div className="field">
          <label htmlFor={`${idBase}-max`}>To</label>
          <input
            id={`${idBase}-max`}
            className="bl-input"
            type={inputType}
            inputMode={inputMode}
            value={max}
            onChange={(e) => set([min, e.target.value])}
          />
        </div>
      </div>
    );
  }
  return (
    <div className="field">
      <label htmlFor={`${idBase}-value`}>Value</label>
      <input
        id={`${idBase}-value`}
        className="bl-input"
        type={inputType}
        inputMode={inputMode}
        value={String(rule.value ?? "")}
        onChange={(e) => set(e.target.value)}
      />
    </div>
  );
}

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
          : [];
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
