"use client";

import type { RowSelection } from "./use-row-selection";

/** Above a list's table while rows are checked: how many, delete them, or uncheck them all. */
export function SelectionBar({ selection, onDelete }: { selection: RowSelection; onDelete: () => void }) {
  if (selection.selected.length === 0) return null;
  return (
    <div className="selection-bar">
      <span>
        <strong>{selection.selected.length}</strong> selected
      </span>
      <button type="button" className="button button-small button-danger" onClick={onDelete}>
        Delete selected
      </button>
      <button type="button" className="button button-small button-ghost" onClick={selection.clear}>
        Clear selection
      </button>
    </div>
  );
}

/**
 * The header cell that checks every row of the page; half-checked while some are. When the
 * table is cards (card-table.css) it is the one header in sight, and its label shows "Select all".
 */
export function SelectAllHeader({ selection }: { selection: RowSelection }) {
  return (
    <th scope="col" className="check">
      <label className="check-all">
        <input
          type="checkbox"
          aria-label="Select all on this page"
          checked={selection.allSelected}
          ref={(el) => {
            if (el) el.indeterminate = selection.someSelected;
          }}
          onChange={selection.toggleAll}
        />
      </label>
    </th>
  );
}

/** The cell that checks one row; `name` is what the row is called, for its label. */
export function SelectRowCell({ selection, id, name }: { selection: RowSelection; id: string; name: string }) {
  return (
    <td className="check">
      <input type="checkbox" aria-label={`Select ${name}`} checked={selection.isSelected(id)} onChange={() => selection.toggle(id)} />
    </td>
  );
}
