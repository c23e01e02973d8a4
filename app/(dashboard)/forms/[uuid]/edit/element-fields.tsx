"use client";

import { useId, useState } from "react";
import type { FormElement } from "@/db/schema";
import { ELEMENT_TYPES, elementCategory, isLayoutType, type ElementType } from "@/lib/forms/element-types";
import { ItemListEditor } from "./list-editors";
import {
  changeType,
  compositeParts,
  convertibleTypes,
  duplicateElement,
  move,
  newAxisItem,
  newElement,
  newOption,
  renameOption,
  setCompositePart,
  TYPE_LABELS,
} from "./element-model";
import { problemsAt, type CardProblems } from "./problems";
import { ConditionEditor } from "./condition-editor";
import { ElementIdField, FieldRulesEditor } from "./logic-editors";

/** Lines of pasted text as new items, placed after `after`; an empty item pasted into is replaced. */
function insertLines<T extends { label: string }>(list: readonly T[], after: number, text: string, make: (label: string) => T): T[] {
  const made = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map(make);
  const at = list[after];
  if (at && at.label.trim() === "") return [...list.slice(0, after), ...made, ...list.slice(after + 1)];
  return [...list.slice(0, after + 1), ...made, ...list.slice(after + 1)];
}

/**
 * Everything one element has to edit, by type: label, required, type, options, matrix rows
 * and columns, name/address sub-fields, the phone's country selector, repeat components.
 */
export function ElementFields({
  element,
  onChange,
  onRemoveComponent,
  problems,
  idBase,
  top,
}: {
  element: FormElement;
  /** For a top-level element: what its condition may look at and its id's rename. */
  top?: { before: readonly FormElement[]; renamable: boolean; taken: (id: string) => boolean; onRenameId: (id: string) => void };
  onChange: (next: FormElement) => void;
  /** Asked to remove one of a repeat field's components (the builder may confirm first). */
  onRemoveComponent?: (component: FormElement) => void;
  problems: CardProblems;
  /** Prefix of control ids (element ids are unique, so ids made from them are too). */
  idBase: string;
}) {
  const category = elementCategory(element.type);
  const types = convertibleTypes(element.type);
  const labelProblem = problemsAt(problems, ["label"]);
  const set = (change: Partial<FormElement>) => onChange({ ...element, ...change });
  const layout = isLayoutType(element.type);
  const condition = top ? (
    <ConditionEditor
      condition={element.showIf}
      before={top.before}
      onChange={(showIf) => {
        const next = { ...element, showIf };
        if (!showIf) delete next.showIf;
        onChange(next);
      }}
      idBase={`${idBase}-if`}
      noun={layout ? "page" : "question"}
      problem={problemsAt(problems, ["showIf"], true)}
    />
  ) : null;

  return (
    <div className="bl-fields">
      <div className="field">
        <label htmlFor={`${idBase}-label`}>{layout ? "Page title" : element.type === "hidden" ? "Name" : "Question"}</label>
        <input
          id={`${idBase}-label`}
          className="bl-input"
          value={element.label}
          maxLength={2000}
          onChange={(e) => set({ label: e.target.value })}
          aria-invalid={labelProblem ? true : undefined}
          aria-describedby={labelProblem ? `${idBase}-label-problem` : undefined}
          data-label-input=""
          data-select-on-focus=""
        />
        {labelProblem ? (
          <p id={`${idBase}-label-problem`} className="field-error">
            {labelProblem}
          </p>
        ) : null}
      </div>
      {top && !layout ? (
        <ElementIdField element={element} taken={top.taken} renamable={top.renamable} onRename={top.onRenameId} idBase={idBase} />
      ) : null}
      {layout ? condition : null}
      {layout ? null : (
        <>
          <div className="bl-row">
            {element.type !== "hidden" ? (
              <label className="choice">
                <input type="checkbox" checked={element.required === true} onChange={(e) => set({ required: e.target.checked })} />
                Required
              </label>
            ) : null}
            {types.length > 1 ? (
              <div className="field bl-type">
                <label htmlFor={`${idBase}-type`}>Type</label>
                <select
                  id={`${idBase}-type`}
                  className="select"
                  value={element.type}
                  onChange={(e) => onChange(changeType(element, e.target.value as ElementType))}
                >
                  {types.map((t) => (
                    <option key={t} value={t}>
                      {TYPE_LABELS[t]}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            {element.type === "phone" ? (
              <label className="choice">
                <input
                  type="checkbox"
                  checked={element.countrySelector === true}
                  onChange={(e) => set({ countrySelector: e.target.checked })}
                />
                Country code selector
              </label>
            ) : null}
          </div>

          {category === "single-choice" || category === "multi-choice" ? (
            <ItemListEditor
              title="Options"
              noun="option"
              items={element.options ?? []}
              onRename={(i, label) => set({ options: (element.options ?? []).map((o, j) => (j === i ? renameOption(o, label) : o)) })}
              onRemove={(i) => set({ options: (element.options ?? []).filter((_, j) => j !== i) })}
              onMove={(from, to) => set({ options: move(element.options ?? [], from, to) })}
              onAdd={() => set({ options: [...(element.options ?? []), newOption()] })}
              onPaste={(text, after) => set({ options: insertLines(element.options ?? [], after, text, newOption) })}
              problemFor={(i) => problemsAt(problems, ["options", i], true)}
            />
          ) : null}
          {category === "single-choice" || category === "multi-choice" ? <ListProblem text={problemsAt(problems, ["options"])} /> : null}

          {category === "matrix" ? (
            <div className="bl-matrix">
              {(["rows", "columns"] as const).map((axis) => {
                const kind = axis === "rows" ? "row" : "col";
                const items = element[axis] ?? [];
                return (
                  <div key={axis}>
                    <ItemListEditor
                      title={axis === "rows" ? "Rows" : "Columns"}
                      noun={axis === "rows" ? "row" : "column"}
                      items={items}
                      onRename={(i, label) => set({ [axis]: items.map((it, j) => (j === i ? { ...it, label } : it)) })}
                      onRemove={(i) => set({ [axis]: items.filter((_, j) => j !== i) })}
                      onMove={(from, to) => set({ [axis]: move(items, from, to) })}
                      onAdd={() => set({ [axis]: [...items, newAxisItem(kind)] })}
                      onPaste={(text, after) => set({ [axis]: insertLines(items, after, text, (l) => newAxisItem(kind, l)) })}
                      problemFor={(i) => problemsAt(problems, [axis, i], true)}
                    />
                    <ListProblem text={problemsAt(problems, [axis])} />
                  </div>
                );
              })}
            </div>
          ) : null}

          {category === "composite" ? <CompositeEditor element={element} onChange={onChange} idBase={idBase} /> : null}
          {category === "repeat" ? (
            <ComponentsEditor element={element} onChange={onChange} onRemove={onRemoveComponent} problems={problems} idBase={idBase} />
          ) : null}
          {element.type !== "hidden" ? (
            <FieldRulesEditor element={element} onChange={onChange} idBase={idBase} problemAt={(key) => problemsAt(problems, [key])} />
          ) : null}
          {condition}
        </>
      )}
    </div>
  );
}

function ListProblem({ text }: { text: string | undefined }) {
  return text ? <p className="field-error">{text}</p> : null;
}

function CompositeEditor({ element, onChange, idBase }: { element: FormElement; onChange: (e: FormElement) => void; idBase: string }) {
  const parts = compositeParts(element);
  return (
    <fieldset className="bl-items">
      <legend>Sub-fields</legend>
      <table className="bl-parts">
        <thead>
          <tr>
            <th scope="col">Sub-field</th>
            <th scope="col">Show</th>
            <th scope="col">Required</th>
          </tr>
        </thead>
        <tbody>
          {parts.map((p) => (
            <tr key={p.fixedname}>
              <th scope="row" id={`${idBase}-${p.fixedname}`}>
                {p.label}
              </th>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Show ${p.label}`}
                  checked={p.shown}
                  onChange={(e) => onChange(setCompositePart(element, p.fixedname, { shown: e.target.checked }))}
                />
              </td>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Require ${p.label}`}
                  checked={p.required}
                  disabled={!p.shown}
                  onChange={(e) => onChange(setCompositePart(element, p.fixedname, { required: e.target.checked }))}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </fieldset>
  );
}

/** A repeat field's components: each an element of its own (no nested repeats). */
function ComponentsEditor({
  element,
  onChange,
  onRemove,
  problems,
  idBase,
}: {
  element: FormElement;
  onChange: (e: FormElement) => void;
  onRemove?: (component: FormElement) => void;
  problems: CardProblems;
  idBase: string;
}) {
  const id = useId();
  const [type, setType] = useState<ElementType>("short-text");
  const components = element.components ?? [];
  const setComponents = (next: FormElement[]) => onChange({ ...element, components: next });
  return (
    <fieldset className="bl-items bl-components">
      <legend>Fields in each entry</legend>
      {components.length === 0 ? <p className="hint">No fields yet.</p> : null}
      <ol className="bl-component-list">
        {components.map((c, i) => (
          <li
            key={c.id}
            className="bl-component"
            aria-label={`Field ${i + 1} in each entry: ${c.label || TYPE_LABELS[c.type as ElementType] || c.type}`}
          >
            <p className="bl-component-type">
              {i + 1}. {TYPE_LABELS[c.type as ElementType] ?? c.type}
            </p>
            <ElementFields
              element={c}
              idBase={`${idBase}-c-${c.id}`}
              problems={problems.sub(["components", i])}
              onChange={(next) => setComponents(components.map((x, j) => (j === i ? next : x)))}
            />
            <div className="bl-actions">
              <button
                type="button"
                className="button button-small button-ghost"
                disabled={i === 0}
                onClick={() => setComponents(move(components, i, i - 1))}
                aria-label={`Move up field ${i + 1}`}
              >
                Move up
              </button>
              <button
                type="button"
                className="button button-small button-ghost"
                disabled={i === components.length - 1}
                onClick={() => setComponents(move(components, i, i + 1))}
                aria-label={`Move down field ${i + 1}`}
              >
                Move down
              </button>
              <button
                type="button"
                className="button button-small button-ghost"
                onClick={() => setComponents([...components.slice(0, i + 1), duplicateElement(c), ...components.slice(i + 1)])}
                aria-label={`Duplicate field ${i + 1}`}
              >
                Duplicate
              </button>
              <button
                type="button"
                className="button button-small button-ghost bl-remove-component"
                onClick={() => (onRemove ? onRemove(c) : setComponents(components.filter((_, j) => j !== i)))}
                aria-label={`Remove field ${i + 1}`}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      <div className="bl-row">
        <div className="field">
          <label htmlFor={`${id}-type`}>New field in each entry</label>
          <select id={`${id}-type`} className="select" value={type} onChange={(e) => setType(e.target.value as ElementType)}>
            {/* A repeat field's entries take no files (a file answer is a top-level list). */}
            {ELEMENT_TYPES.filter((t) => t !== "repeat-field" && t !== "file-upload").map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button button-small bl-add-component"
          onClick={() => setComponents([...components, newElement(type)])}
        >
          Add field
        </button>
      </div>
    </fieldset>
  );
}
