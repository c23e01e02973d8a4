"use client";

import type { UseMutationOptions } from "@tanstack/react-query";
import type { RowData } from "@tanstack/react-table";
import type { Noun } from "../format";
import { listPage, type ListQuery } from "./data-table";
import { useDeleteSelected } from "./delete-selected";
import { useRowSelection } from "./row-selection";

type PageInfo = { total: number; totalPages: number; perPage: number };

/**
 * A page of one form's list with checkboxes and "Delete selected" (prefills, unique links,
 * submissions): the selection of this view, the delete flow, and the DataTable props they make
 * (`table`, spread into it). The page moves by `onPage` (client state in the URL).
 */
export function useSelectableList<Row extends RowData & { id: string }, TError>({
  formUuid,
  page,
  onPage,
  onNotice,
  query,
  rows,
  viewKey,
  noun,
  deletedNoun = noun,
  nameOf,
  mutation,
  refresh,
}: {
  formUuid: string;
  page: number;
  onPage: (page: number) => void;
  onNotice: (text: string) => void;
  query: ListQuery & { data: PageInfo | undefined };
  rows: Row[] | undefined;
  /** What a selection belongs to (page, search, filters…): another view starts with none. */
  viewKey: string;
  /** What a row is, for the paging and the empty states: ["link", "links"]. */
  noun: Noun;
  /** What a row is in the delete question and its notice, when not `noun`: ["unique link", "unique links"]. */
  deletedNoun?: Noun;
  /** A row's name, for its checkbox and the delete question. */
  nameOf: (row: Row) => string;
  /** The bulk delete, e.g. `trpc.prefills.bulkDelete.mutationOptions()`. */
  mutation: UseMutationOptions<{ deleted: number }, TError, { formUuid: string; ids: string[] }>;
  /** Reloads what a delete changed. */
  refresh: () => Promise<unknown>;
}) {
  const selection = useRowSelection(viewKey, query.isPlaceholderData || !rows ? [] : rows.map((row) => row.id));
  const shown = rows?.length ?? 0;
  const remove = useDeleteSelected({ mutation, formUuid, selection, noun: deletedNoun, page, shown, onPage, onNotice, refresh });
  return {
    selection,
    remove,
    /** The checked rows, with their names: what the delete question lists. */
    chosen: (rows ?? []).filter((row) => selection.selected.includes(row.id)).map((row) => ({ id: row.id, name: nameOf(row) })),
    table: {
      query,
      rows,
      paging: listPage(query.data, page, noun, { onPage }),
      selection: { state: selection, nameOf, onDelete: remove.ask },
    },
  };
}
