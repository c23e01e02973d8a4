"use client";

import { useState } from "react";

export type RowSelection = ReturnType<typeof useRowSelection>;

/**
 * Checked rows of one page of a list. A selection belongs to the view it was made in
 * (`viewKey`: form, page, search…): another view starts with none. Only rows still on the
 * page count, so a refetch never leaves a deleted row selected.
 */
export function useRowSelection(viewKey: string, rowIds: readonly string[]) {
  const [state, setState] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: viewKey, ids: new Set() });
  const ids = state.key === viewKey ? state.ids : new Set<string>();
  const selected = rowIds.filter((id) => ids.has(id));
  const set = (next: Iterable<string>) => setState({ key: viewKey, ids: new Set(next) });

  return {
    selected,
    isSelected: (id: string) => ids.has(id),
    toggle: (id: string) => set(ids.has(id) ? [...ids].filter((x) => x !== id) : [...ids, id]),
    allSelected: rowIds.length > 0 && selected.length === rowIds.length,
    someSelected: selected.length > 0 && selected.length < rowIds.length,
    toggleAll: () => set(selected.length === rowIds.length ? [] : rowIds),
    clear: () => set([]),
  };
}
