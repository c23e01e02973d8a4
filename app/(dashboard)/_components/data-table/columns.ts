import type { ReactNode } from "react";
import {
  createColumnHelper,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from "@tanstack/react-table";

/** What a column says about its cells beyond TanStack Table's own definition. */
export type DataColumnMeta = {
  /** Class of the column's header and cells: "num" (figures, right-aligned), "nowrap", or the table's own. */
  className?: string;
  /**
   * The cell's label on a card (narrow screens, and the list layout): the header's text unless
   * set; false where the cell speaks for itself (a row's lead name, its buttons, its checkbox).
   */
  cardLabel?: string | false;
  /** The header is for screen readers only (a column of buttons). */
  headerHidden?: boolean;
  /**
   * Where the list layout puts the cell: the card's title, its buttons, a block of its own
   * (chips, a checklist); otherwise a labelled line of the card's facts.
   */
  place?: "title" | "actions" | "block";
};

/**
 * The features every data table registers: sort (driven by the server, see DataTable's `sort`)
 * and row selection. Sorting and paging happen on the server, so no client row model is added.
 */
export const dataTableFeatures = tableFeatures({ rowSortingFeature, rowSelectionFeature, columnMeta: {} as DataColumnMeta });

export type DataTableFeatures = typeof dataTableFeatures;

// Columns of one table have cells of different value types; TanStack's own ColumnDef arrays use `any` for the same reason.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataColumn<Row extends RowData> = ColumnDef<DataTableFeatures, Row, any>;

/**
 * The column helper for a table of `Row`s. A column made with `display` cannot be sorted; one
 * made with `accessor` can, when the table has a `sort.onSort`.
 */
export const dataColumns = <Row extends RowData>() => createColumnHelper<DataTableFeatures, Row>();

/** The label a cell shows on a card: its meta's, else its header's text. */
export function cardLabelOf(column: { columnDef: { header?: unknown; meta?: DataColumnMeta } }): string | undefined {
  const { meta, header } = column.columnDef;
  if (meta?.cardLabel === false) return undefined;
  return meta?.cardLabel ?? (typeof header === "string" ? header : undefined);
}

/**
 * A header's or cell's template, called as a function. TanStack's FlexRender mounts a function
 * as a component, so columns rebuilt on each render (their cells close over the page's state)
 * would remount every cell, and a focused button would lose focus.
 */
export function renderTemplate<Context>(template: unknown, context: Context): ReactNode {
  return typeof template === "function" ? (template as (context: Context) => ReactNode)(context) : (template as ReactNode);
}
