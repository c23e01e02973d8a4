"use client";

import type { Condition, ConditionItem, ConditionRule, FormElement } from "@/db/schema";
import { filterableFields, type FilterableField } from "@/lib/filters/filter-fields";
import { FILTER_TYPE_LABELS } from "@/lib/filters/filter-labels";
import type { FilterType } from "@/lib/filters/filters";
import { answerElements } from "@/lib/forms/element-types";
import { MAX_CONDITION_DEPTH } from "@/lib/logic/conditions";

/**
 * The builder's `showIf` editor: a group of rules that must all (or any) hold, whose items are
 * rules or groups of their own (all/any inside all/any), each added, removed and switched
 * between all and any with ordinary buttons and selects, so the keyboard does it all. Whatever
 * it writes is checked again when publishing (lib/logic/conditions.ts), nesting depth included.
 */

const isRule = (item: ConditionItem): item is ConditionRule => !("all" in item) && !("any" in item);
const kindOf = (group: Condition): "all" | "any" => ("any" in group ? "any" : "all");
const itemsOf = (group: Condition): ConditionItem[] => (group as Record<string, ConditionItem[]>)[kindOf(group)] ?? [];

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

/** Focus moves to a control drawn by the change just made (a new group's match select). */
const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/** "Show this question only when…": off (no condition) or a group of rules and groups. */
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
      <GroupEditor group={condition} fields={fields} newRule={newRule} idBase={idBase} path={[]} onChange={onChange} />
      {problem ? <p className="field-error">{problem}</p> : null}
      <div className="bl-row">
        <button type="button" className="button button-small button-ghost" onClick={() => onChange(undefined)}>
          Always show
        </button>
      </div>
    </fieldset>
  );
}

/**
 * One all/any group: its match select, its items (rules, and groups drawn by this same editor)
 * and Add rule / Add group. `path` numbers the group among its parents' items (group 2.1), which
 * names its controls for screen readers; the top group has none and keeps the plain names.
 */
function GroupEditor({
  group,
  fields,
  newRule,
  idBase,
  path,
  onChange,
}: {
  group: Condition;
  fields: RuleField[];
  newRule: () => ConditionRule;
  idBase: string;
  path: number[];
  onChange: (next: Condition) => void;
}) {
  const kind = kindOf(group);
  const items = itemsOf(group);
  const setItems = (next: ConditionItem[]) => onChange({ [kind]: next } as Condition);
  const name = path.length ? `group ${path.join(".")}` : null;
  const depth = path.length + 1;
  const canNest = depth < MAX_CONDITION_DEPTH;
  const addGroup = () => {
    // A group inside "all" is most often an "any" (a or b), and the other way round.
    setItems([...items, { [kind === "all" ? "any" : "all"]: [newRule()] } as Condition]);
    focusSoon(`${idBase}-g${items.length}-kind`);
  };
  return (
    <>
      <div className="field">
        <label htmlFor={`${idBase}-kind`}>{name ? `Rules of ${name} that must hold` : "Rules that must hold"}</label>
        <select id={`${idBase}-kind`} className="select" value={kind} onChange={(e) => onChange({ [e.target.value]: items } as Condition)}>
          <option value="all">All of these</option>
          <option value="any">Any of these</option>
        </select>
      </div>
      <ol className="bl-rules">
        {items.map((item, i) => {
          const replace = (next: ConditionItem) => setItems(items.map((x, j) => (j === i ? next : x)));
          const remove = () => setItems(items.filter((_, j) => j !== i));
          if (isRule(item)) {
            const label = name ? `Rule ${i + 1} of ${name}` : `Rule ${i + 1}`;
            return (
              <li key={i} className="bl-rule">
                <RuleEditor rule={item} fields={fields} idBase={`${idBase}-r${i}`} label={label} onChange={replace} />
                <button
                  type="button"
                  className="button button-small button-ghost"
                  onClick={remove}
                  aria-label={`Remove ${label.toLowerCase()}`}
                >
                  Remove
                </button>
              </li>
            );
          }
          const inner = [...path, i + 1];
          const innerName = `Group ${inner.join(".")}`;
          return (
            <li key={i} className="bl-rule bl-group">
              <fieldset className="bl-logic bl-items bl-group-box">
                <legend>{innerName}</legend>
                <GroupEditor group={item} fields={fields} newRule={newRule} idBase={`${idBase}-g${i}`} path={inner} onChange={replace} />
                <div className="bl-row">
                  <button type="button" className="button button-small button-ghost" onClick={remove}>
                    Remove {innerName.toLowerCase()}
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {items.length === 0 ? (
        <p className="hint">{kind === "all" ? "No rules: this always holds." : "No rules: this never holds."}</p>
      ) : null}
      <div className="bl-row">
        <button type="button" className="button button-small" onClick={() => setItems([...items, newRule()])} disabled={!fields.length}>
          {name ? `Add rule to ${name}` : "Add rule"}
        </button>
        {canNest ? (
          <button type="button" className="button button-small button-ghost" onClick={addGroup} disabled={!fields.length}>
            {name ? `Add group to ${name}` : "Add group"}
          </button>
        ) : null}
      </div>
    </>
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
  label,
  onChange,
}: {
  rule: ConditionRule;
  fields: RuleField[];
  idBase: string;
  label: string;
  onChange: (next: ConditionRule) => void;
}) {
  const field = fields.find((f) => f.key === rule.field);
  const op = rule.op as FilterType;
  const types = field?.types ?? [];
  return (
    <div className="bl-rule-parts" role="group" aria-label={label}>
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
