"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import Link from "next/link";
import type { ReactNode } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { FORMS_PATH } from "@/lib/app-paths";
import type { AppRouter } from "@/server/routers/app/router";
import { DataTable, listPage } from "../_components/data-table/data-table";
import { dataColumns, type DataColumn } from "../_components/data-table/columns";
import { numberFormat } from "../_components/format";
import { FORMS_TRASH_PATH, formPath } from "./form-paths";
import { StatusBadge } from "./status-badge";

/** A form as the dashboard's lists of forms have it (the list and the trash). */
export type DashboardFormRow = inferRouterOutputs<AppRouter>["forms"]["list"]["forms"][number];

const column = dataColumns<DashboardFormRow>();

/** The columns every list of forms begins with: name with UUID (the card's lead), status, submissions. */
const FORM_LEAD_COLUMNS: DataColumn<DashboardFormRow>[] = [
  column.display({
    id: "form",
    header: "Form",
    meta: { className: "forms-cell-name", cardLabel: false },
    cell: ({ row: { original: form } }) => (
      <>
        <Link href={formPath(form.uuid)} className="form-name">
          {form.name}
        </Link>
        <code className="form-uuid" title="Form UUID">
          {form.uuid}
        </code>
      </>
    ),
  }),
  column.display({ id: "status", header: "Status", cell: ({ row }) => <StatusBadge published={row.original.published} /> }),
  column.display({
    id: "submissions",
    header: "Submissions",
    meta: { className: "num" },
    cell: ({ row }) => numberFormat.format(row.original.submissionsCount),
  }),
];

/** The two lists of forms: what each is called, where it lives, in which order the server gives it. */
const LISTS = {
  live: { caption: "Forms", path: FORMS_PATH, loading: "Loading forms…", failed: "Could not load your forms", sort: undefined },
  // listTrashedForms: most recently trashed first.
  trash: {
    caption: "Trashed forms",
    path: FORMS_TRASH_PATH,
    loading: "Loading the trash…",
    failed: "Could not load the trash",
    sort: { sorting: [{ id: "trashed", desc: true }] },
  },
} as const;

/**
 * A page of the organization's forms, the live ones or the trash (`list`): the lead columns,
 * then the list's own (`columns`); paged by links from `?page=`.
 */
export function FormList({
  list,
  page,
  columns,
  empty,
  children,
}: {
  list: keyof typeof LISTS;
  page: number;
  columns: DataColumn<DashboardFormRow>[];
  empty: ReactNode;
  children?: ReactNode;
}) {
  const trpc = useTRPC();
  const { path, ...shown } = LISTS[list];
  const procedure = list === "trash" ? trpc.forms.listTrashed : trpc.forms.list;
  const query = useQuery({ ...procedure.queryOptions({ page }), placeholderData: keepPreviousData });
  const nav = { pageHref: (p: number) => (p === 1 ? path : `${path}?page=${p}`) };
  return (
    <DataTable
      {...shown}
      columns={[...FORM_LEAD_COLUMNS, ...columns]}
      query={query}
      rows={query.data?.forms}
      className="forms-table"
      paging={listPage(query.data, page, ["form", "forms"], nav)}
      empty={empty}
    >
      {children}
    </DataTable>
  );
}
