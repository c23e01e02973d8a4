"use client";

import { functionalUpdate, type RowSelectionState, type Updater, type RowData } from "@tanstack/react-table";
import { useState, type ReactNode } from "react";
import { dataColumns } from "./columns";

export type RowSelection = ReturnType<typeof useRowSelection>;

/**
 * Checked rows of one page of a list, as TanStack Table's selection state. A selection belongs
 * to the view it was made in (`viewKey`: form, page, search…): another view starts with none.
 * Only rows still on the page count, so a refetch never leaves a deleted row selected.
 */
export function useRowSelection(viewKey: string, rowIds: readonly string[]) {
  const [state, setState] = useState<{ key: string; ids: RowSelectionState }>({ key: viewKey, ids: {} });
  const ids = state.key === viewKey ? state.ids : {};
  const selected = rowIds.filter((id) => ids[id]);
  const rowSelection: RowSelectionState = Object.fromEntries(selected.map((id) => [id, true]));
  return {
    /** The ids of the checked rows, in the page's order. */
    selected,
    rowSelection,
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => setState({ key: viewKey, ids: functionalUpdate(updater, rowSelection) }),
    clear: () => setState({ key: viewKey, ids: {} }),
  };
}

/**
 * The checkbox column: the header's checks every row of the page (half-checked while some
 * are); each row's is named after the row (`nameOf`). When the table is cards (data-table.css)
 * the header's is the one header in sight, and its label shows "Select all".
 */
export function selectColumn<Row extends RowData>(nameOf: (row: Row) => string) {
  return dataColumns<Row>().display({
    id: "select",
    meta: { className: "check", cardLabel: false },
    header: ({ table }) => (
      <label className="check-all">
        <input
          type="checkbox"
          aria-label="Select all on this page"
          checked={table.getIsAllPageRowsSelected()}
          ref={(el) => {
            if (el) el.indeterminate = table.getIsSomePageRowsSelected();
          }}
          onChange={table.getToggleAllPageRowsSelectedHandler()}
        />
      </label>
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={`Select ${nameOf(row.original)}`}
        checked={row.getIsSelected()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  });
}

/**
 * Above a list's table while rows are checked: how many, the list's own actions on them, Delete
 * selected, Clear selection, and the last action's error.
 */
export function SelectionBar({
  selection,
  onDelete,
  actions,
  error,
}: {
  selection: RowSelection;
  onDelete: () => void;
  actions?: ReactNode;
  error?: ReactNode;
}) {
  if (selection.selected.length === 0) return null;
  return (
    <div className="selection-bar">
      <span>
        <strong>{selection.selected.length}</strong> selected
      </span>
      {actions}
      <button type="button" className="button button-small button-danger" onClick={onDelete}>
        Delete selected
      </button>
      <button type="button" className="button button-small button-ghost" onClick={selection.clear}>
        Clear selection
      </button>
      {error}
    </div>
  );
}
