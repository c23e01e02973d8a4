import type { inferRouterOutputs } from "@trpc/server";
import Link from "next/link";
import type { AppRouter } from "@/server/routers/app/router";
import { listPage } from "../_components/data-table/data-table";
import { dataColumns, type DataColumn } from "../_components/data-table/columns";
import { numberFormat } from "../_components/format";
import { formPath } from "./form-paths";
import { StatusBadge } from "./status-badge";

/** A form as the dashboard's lists of forms have it (the list and the trash). */
export type ListedForm = inferRouterOutputs<AppRouter>["forms"]["list"]["forms"][number];

const column = dataColumns<ListedForm>();

/** The columns every list of forms begins with: name with UUID (the card's lead), status, submissions. */
export const FORM_LEAD_COLUMNS: DataColumn<ListedForm>[] = [
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
  column.display({ id: "submissions", header: "Submissions", meta: { className: "num" }, cell: ({ row }) => numberFormat.format(row.original.submissionsCount) }),
];

/** The paging of a list of forms at `path`, rendered from `?page=`: it pages by links. */
export const formsPaging = (data: { total: number; totalPages: number; perPage: number } | undefined, page: number, path: string) =>
  listPage(data, page, ["form", "forms"], { pageHref: (p) => (p === 1 ? path : `${path}?page=${p}`) });
