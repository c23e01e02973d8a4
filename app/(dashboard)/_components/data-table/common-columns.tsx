import type { RowData } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { DateTime } from "../date-time";
import { SurveyUrl } from "../survey-url";
import { dataColumns, type DataColumn } from "./columns";

/** A column of dates (a day; the time on hover); `missing` where `at` gives null ("Never"). */
export function dateColumn<Row extends RowData>(
  id: string,
  header: string,
  at: (row: Row) => string | null,
  missing: ReactNode = null,
): DataColumn<Row> {
  return dataColumns<Row>().display({
    id,
    header,
    meta: { className: "nowrap" },
    cell: ({ row }) => {
      const when = at(row.original);
      return when ? <DateTime at={when} /> : missing;
    },
  });
}

/** A row's survey link with Copy; `what` names the link in the Copy button's label. */
export function surveyLinkColumn<Row extends RowData>(url: (row: Row) => string, what: (row: Row) => string): DataColumn<Row> {
  return dataColumns<Row>().display({
    id: "url",
    header: "Survey link",
    cell: ({ row }) => <SurveyUrl url={url(row.original)} what={what(row.original)} />,
  });
}

/**
 * A row's buttons: the header is for screen readers only, a card shows them without a label
 * (each button's name says what it does, and to which row), and the list layout puts them in
 * the card's head.
 */
export function actionsColumn<Row extends RowData>(cell: (row: Row) => ReactNode, className?: string): DataColumn<Row> {
  return dataColumns<Row>().display({
    id: "actions",
    header: "Actions",
    meta: { className, cardLabel: false, headerHidden: true, place: "actions" },
    cell: ({ row }) => cell(row.original),
  });
}
