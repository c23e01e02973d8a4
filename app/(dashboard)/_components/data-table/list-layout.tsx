"use client";

import type { ReactTable, RowData } from "@tanstack/react-table";
import { Fragment } from "react";
import { cardLabelOf, renderTemplate, type DataTableFeatures } from "./columns";

/**
 * The rows as cards at every width, from the same columns as a table: the title and the
 * buttons head each card, blocks (chips, a checklist) follow, and every other cell is a line of
 * facts labelled with its column's name (a <dl>).
 */
export function ListLayout<Row extends RowData>({
  table,
  label,
  rowTestId,
  className,
}: {
  table: ReactTable<DataTableFeatures, Row>;
  label: string;
  rowTestId?: string;
  className?: string;
}) {
  return (
    <ul className={className ? `item-list ${className}` : "item-list"} aria-label={label}>
      {table.getRowModel().rows.map((row) => {
        const cells = row.getAllCells();
        const at = (place: "title" | "actions" | "block") => cells.filter((c) => c.column.columnDef.meta?.place === place);
        const facts = cells.filter((c) => !c.column.columnDef.meta?.place);
        return (
          <li key={row.id} className="item" data-testid={rowTestId}>
            <div className="item-head">
              {at("title").map((cell) => (
                <span key={cell.id} className="item-title">
                  {renderTemplate(cell.column.columnDef.cell, cell.getContext())}
                </span>
              ))}
              {at("actions").map((cell) => (
                <div key={cell.id} className="item-actions">
                  {renderTemplate(cell.column.columnDef.cell, cell.getContext())}
                </div>
              ))}
            </div>
            {at("block").map((cell) => (
              <Fragment key={cell.id}>{renderTemplate(cell.column.columnDef.cell, cell.getContext())}</Fragment>
            ))}
            {facts.length > 0 && (
              <dl className="item-meta">
                {facts.map((cell) => (
                  <div key={cell.id}>
                    <dt>{cardLabelOf(cell.column)}</dt>
                    <dd className={cell.column.columnDef.meta?.className}>
                      {renderTemplate(cell.column.columnDef.cell, cell.getContext())}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        );
      })}
    </ul>
  );
}
