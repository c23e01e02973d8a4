"use client";

import { functionalUpdate, useTable, type ColumnSort, type SortingState, type RowData } from "@tanstack/react-table";
import { useMemo, type ReactNode } from "react";
import type { Noun } from "../format";
import { ErrorState, TableSkeleton } from "../list-states";
import { dataTableFeatures, type DataColumn } from "./columns";
import { ListLayout } from "./list-layout";
import { NoRows, type ListSearch } from "./no-rows";
import { ListPagination, type PageNav } from "./pagination";
import { selectColumn, SelectionBar, type RowSelection } from "./row-selection";
import { TableLayout } from "./table-layout";
import "./data-table.css";

/** The parts of a list's query the table reads (a react-query result). */
export type ListQuery = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
};

/** One page of a list the server pages: which page, how many a page, how many in all. */
export type ListPage = { page: number; perPage: number; total: number; totalPages: number; noun: Noun; nav: PageNav };

/**
 * The paging of a list at `page` from its procedure's page info (the dashboard lists' `total`,
 * `totalPages`, `perPage`); undefined until the query has data.
 */
export function listPage(data: { total: number; totalPages: number; perPage: number } | undefined, page: number, noun: Noun, nav: PageNav) {
  return data && { page, total: data.total, totalPages: data.totalPages, perPage: data.perPage, noun, nav };
}

const NO_SORT: SortingState = [];

/** A row of a list: every list the dashboard shows has rows with ids. */
export type ListRow = RowData & { id: string | number };

export type DataTableProps<Row extends ListRow> = {
  /** What the table lists, e.g. "Prefills of Signups": its caption (with the page) for screen readers. */
  caption: string;
  columns: DataColumn<Row>[];
  /** The list's query: while it loads, placeholder rows; when it fails, the error with Try again; stale rows are faded. */
  query: ListQuery;
  loading: string;
  failed: string;
  /** Shown instead of the failure when the page knows better (a filter the server refused). */
  failure?: ReactNode;
  /** The page's rows, in the server's order (undefined until the query has data). */
  rows: readonly Row[] | undefined;
  /** data-testid of every row. */
  rowTestId?: string;
  /**
   * "table": a table, one labelled card per row at ≤ 760 px. "list": cards at every width, for
   * rows that are records rather than lines of comparable values (tokens, connected apps).
   */
  layout?: "table" | "list";
  className?: string;
  /** Wider than the page (a column per form field): on wide screens it scrolls sideways in a focusable region. */
  wide?: boolean;
  /** Drawn on the card of its section (default), or bare inside another card. */
  framed?: boolean;
  /** The list's page, when the server pages it: the footer's count and Previous / Next. */
  paging?: ListPage;
  /**
   * The server's order: `sorting` names the column it sorts by (aria-sort on its header). With
   * `onSort`, the table's accessor columns are buttons that ask the server for another order.
   */
  sort?: { sorting: readonly ColumnSort[]; onSort?: (sort: ColumnSort) => void };
  /** Checkboxes, for a list with actions on several rows; `nameOf` names a row in its checkbox's label. */
  selection?: { state: RowSelection; nameOf: (row: Row) => string; onDelete: () => void; actions?: ReactNode; error?: ReactNode };
  /** The list has no rows at all: its "No … yet" state. */
  empty: ReactNode;
  /** A filter of the list (not its search) finds none: what to show, else nothing. */
  filtered?: ReactNode;
  search?: ListSearch;
  /** Above the rows, e.g. the error of an action on one row. */
  alert?: ReactNode;
  /** Dialogs the rows open; rendered whatever the list shows. */
  children?: ReactNode;
};

/**
 * Every list of the dashboard: its loading, failed and empty states, the rows as a table (or
 * cards), the server's sort shown and driven from the column headers, row selection with the
 * selection bar, and the server's paging in the footer. Built on TanStack Table (headless): the
 * table owns sort and selection state, the markup here owns semantics and layout.
 */
export function DataTable<Row extends ListRow>(props: DataTableProps<Row>) {
  const { query, rows, paging, selection } = props;
  let body: ReactNode;
  if (query.isPending) body = <TableSkeleton label={props.loading} selectable={Boolean(selection)} />;
  else if (query.isError || rows === undefined) {
    const retry = () => query.refetch();
    body = props.failure ?? <ErrorState title={props.failed} error={query.error} onRetry={retry} retrying={query.isFetching} />;
  } else if (rows.length === 0) {
    const page = paging && { page: paging.page, totalPages: paging.totalPages, noun: paging.noun, nav: paging.nav };
    body = <NoRows total={paging?.total ?? 0} page={page} empty={props.empty} filtered={props.filtered} search={props.search} />;
  } else body = <Rows {...props} rows={rows} />;
  return (
    <>
      {body}
      {props.children}
    </>
  );
}

function Rows<Row extends ListRow>({
  caption,
  columns,
  query,
  rows,
  rowTestId,
  layout = "table",
  className,
  wide,
  framed = true,
  paging,
  sort,
  selection,
  alert,
}: DataTableProps<Row> & { rows: readonly Row[] }) {
  const nameOf = selection?.nameOf;
  const allColumns = useMemo(() => (nameOf ? [selectColumn(nameOf), ...columns] : columns), [nameOf, columns]);
  const sorting = (sort?.sorting ?? NO_SORT) as SortingState;
  const table = useTable({
    features: dataTableFeatures,
    columns: allColumns,
    data: rows as Row[],
    getRowId: (row) => String(row.id),
    state: { sorting, rowSelection: selection?.state.rowSelection ?? {} },
    manualSorting: true,
    enableSorting: Boolean(sort?.onSort),
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: true,
    onSortingChange: (updater) => {
      const [next] = functionalUpdate(updater, sorting);
      if (next) sort?.onSort?.(next);
    },
    enableRowSelection: Boolean(selection),
    onRowSelectionChange: selection?.state.onRowSelectionChange,
  });
  const stale = query.isPlaceholderData;
  const fullCaption = paging ? `${caption}, page ${paging.page} of ${paging.totalPages}` : caption;
  return (
    <section className={framed ? "card table-card" : "table-card"} aria-busy={stale}>
      {selection && (
        <SelectionBar selection={selection.state} onDelete={selection.onDelete} actions={selection.actions} error={selection.error} />
      )}
      {alert}
      {layout === "list" ? (
        <ListLayout table={table} label={caption} rowTestId={rowTestId} className={stale ? "is-stale" : undefined} />
      ) : (
        <TableLayout table={table} caption={fullCaption} rowTestId={rowTestId} className={className} wide={wide} stale={stale} />
      )}
      {paging && <ListPagination {...paging} shown={rows.length} />}
    </section>
  );
}
