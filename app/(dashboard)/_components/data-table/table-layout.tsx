"use client";

import type { ReactTable, RowData } from "@tanstack/react-table";
import { useEffect, useRef, useState, type RefObject } from "react";
import { cardLabelOf, renderTemplate, type DataTableFeatures } from "./columns";

type Table<Row extends RowData> = ReactTable<DataTableFeatures, Row>;
type TableHeader<Row extends RowData> = ReturnType<Table<Row>["getHeaderGroups"]>[number]["headers"][number];

/**
 * The rows as a table; at ≤ 760 px each row is a card whose cells show their column's name
 * (data-label, data-table.css). A wide table scrolls sideways in a region that Tab can reach;
 * its first column (a column whose meta class is `sticky-col`, after the checkboxes) stays in
 * sight, and while columns lie beyond the right edge a shade and a line say so.
 */
export function TableLayout<Row extends RowData>({
  table,
  caption,
  rowTestId,
  className,
  wide,
  stale,
}: {
  table: Table<Row>;
  caption: string;
  rowTestId?: string;
  className?: string;
  wide?: boolean;
  stale: boolean;
}) {
  const region = wide ? ({ tabIndex: 0, role: "region", "aria-label": caption } as const) : {};
  const scroller = useRef<HTMLDivElement>(null);
  const more = useMoreToTheRight(scroller, wide);
  const wrap = (
    <div ref={scroller} className={`table-wrap${wide ? " is-wide" : ""}${stale ? " is-stale" : ""}`} {...region}>
      <table className={`table card-table${className ? ` ${className}` : ""}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <HeaderCell key={header.id} header={header} />
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={row.getIsSelected() ? "is-selected" : undefined} data-testid={rowTestId}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className={cell.column.columnDef.meta?.className} data-label={cardLabelOf(cell.column)}>
                  {renderTemplate(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  if (!wide) return wrap;
  return (
    <div className={more ? "table-scroller has-more" : "table-scroller"}>
      {more && (
        <p className="scroll-hint" aria-hidden="true">
          More columns to the right: scroll sideways
        </p>
      )}
      {wrap}
    </div>
  );
}

/** Whether the region hides columns beyond its right edge, followed as it scrolls and resizes. */
function useMoreToTheRight(ref: RefObject<HTMLDivElement | null>, active: boolean | undefined): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!active || !el) return;
    const measure = () => setMore(el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    el.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener("scroll", measure);
    };
  }, [ref, active]);
  return more;
}

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/**
 * A column header. The column the server sorts by says so (aria-sort, and an arrow); a column
 * the server can sort by is a button that asks for the other order (or this column's first).
 */
function HeaderCell<Row extends RowData>({ header }: { header: TableHeader<Row> }) {
  const { column } = header;
  const meta = column.columnDef.meta;
  const sorted = column.getIsSorted();
  const content = renderTemplate(column.columnDef.header, header.getContext());
  let inner = meta?.headerHidden ? <span className="visually-hidden">{content}</span> : content;
  if (column.getCanSort()) {
    inner = (
      <button type="button" className="sort-button" onClick={column.getToggleSortingHandler()}>
        {inner}
        <SortArrow direction={sorted || undefined} />
      </button>
    );
  } else if (sorted) {
    inner = (
      <span className="sort-static">
        {inner}
        <SortArrow direction={sorted} />
      </span>
    );
  }
  return (
    <th scope="col" className={meta?.className} aria-sort={sorted ? ARIA_SORT[sorted] : undefined}>
      {inner}
    </th>
  );
}

/** Down for newest/largest first, up for the other way, a faint pair for "sortable, not sorted"; drawn, so no text. */
function SortArrow({ direction }: { direction?: "asc" | "desc" }) {
  return (
    <svg
      className={direction ? "sort-arrow" : "sort-arrow is-idle"}
      aria-hidden="true"
      width="12"
      height="12"
      viewBox="0 0 12 12"
      fill="none"
    >
      {direction === "asc" && <path d="M6 3l4 5H2z" fill="currentColor" />}
      {direction === "desc" && <path d="M6 9 2 4h8z" fill="currentColor" />}
      {!direction && <path d="M6 1.5 9 5H3zM6 10.5 3 7h6z" fill="currentColor" />}
    </svg>
  );
}
