"use client";

import { useId, useState, type ClipboardEvent } from "react";

/**
 * An editable list of labelled items (choice options, matrix rows or columns): rename,
 * remove, add one, or add many by pasting one per line. Ids are the caller's business.
 */
export function ItemListEditor<T extends { id: string; label: string }>({
  title,
  noun,
  items,
  onRename,
  onRemove,
  onMove,
  onAdd,
  onPaste,
  problemFor,
}: {
  title: string;
  /** "option", "row", "column" */
  noun: string;
  items: readonly T[];
  onRename: (index: number, label: string) => void;
  onRemove: (index: number) => void;
  onMove: (from: number, to: number) => void;
  onAdd: () => void;
  onPaste: (text: string, afterIndex: number) => void;
  problemFor: (index: number) => string | undefined;
}) {
  const id = useId();
  const [bulk, setBulk] = useState("");
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  // Pasting several lines into one item's box adds one item per line instead.
  const pasteLines = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData("text");
    if (!/\r?\n/.test(text.trim())) return;
    event.preventDefault();
    onPaste(text, index);
  };
  return (
    <fieldset className="bl-items">
      <legend>{title}</legend>
      {items.length === 0 ? <p className="hint">No {noun}s yet.</p> : null}
      <ol className="bl-item-list">
        {items.map((item, i) => {
          const problem = problemFor(i);
          const inputId = `${id}-${item.id}`;
          return (
            <li key={item.id} className="bl-item">
              <label htmlFor={inputId} className="visually-hidden">
                {Noun} {i + 1}
              </label>
              <input
                id={inputId}
                className="bl-input"
                value={item.label}
                placeholder={`${Noun} ${i + 1}`}
                maxLength={2000}
                onChange={(e) => onRename(i, e.target.value)}
                onPaste={pasteLines(i)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${inputId}-problem` : undefined}
                data-item-input={noun}
              />
              <button
                type="button"
                className="button button-small button-ghost"
                onClick={() => onMove(i, i - 1)}
                disabled={i === 0}
                aria-label={`Up: ${noun} ${i + 1}`}
              >
                Up
              </button>
              <button
                type="button"
                className="button button-small button-ghost"
                onClick={() => onMove(i, i + 1)}
                disabled={i === items.length - 1}
                aria-label={`Down: ${noun} ${i + 1}`}
              >
                Down
              </button>
              <button
                type="button"
                className="button button-small button-ghost"
                onClick={() => onRemove(i)}
                aria-label={`Remove ${noun} ${i + 1}`}
              >
                Remove
              </button>
              {problem ? (
                <p id={`${inputId}-problem`} className="field-error bl-item-problem">
                  {problem}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className="bl-item-add">
        <button type="button" className="button button-small" onClick={onAdd}>
          Add {noun}
        </button>
      </div>
      <div className="bl-bulk">
        <label htmlFor={`${id}-bulk`}>Add {noun}s, one per line</label>
        <textarea id={`${id}-bulk`} className="textarea" rows={3} value={bulk} onChange={(e) => setBulk(e.target.value)} />
        <button
          type="button"
          className="button button-small"
          disabled={!bulk.trim()}
          onClick={() => {
            onPaste(bulk, items.length - 1);
            setBulk("");
          }}
        >
          Add these {noun}s
        </button>
      </div>
    </fieldset>
  );
}
