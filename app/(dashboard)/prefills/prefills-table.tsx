"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useTRPC } from "@/app/_trpc/client";
import type { AppRouter } from "@/server/routers/app/router";
import { dataColumns } from "../_components/data-table/columns";
import { dateColumn, surveyLinkColumn } from "../_components/data-table/common-columns";
import { DataTable } from "../_components/data-table/data-table";
import { DeleteSelectedDialog } from "../_components/data-table/delete-selected";
import { useSelectableList } from "../_components/data-table/selectable-list";
import type { FormItemsTableProps } from "../_components/form-scoped-page";
import { EmptyState, PrefillIcon } from "../_components/list-states";

type Prefill = inferRouterOutputs<AppRouter>["prefills"]["list"]["prefills"][number];

const COLUMNS = [
  dataColumns<Prefill>().display({
    id: "name",
    header: "Name",
    cell: ({ row: { original: prefill } }) => (
      <div className="cell-title-row">
        <span className="cell-title" title={prefill.name}>
          {prefill.name}
        </span>
        {prefill.forUniqueLink && (
          <span className="badge badge-info" title="Created for a unique link; the link's page uses these values">
            Unique link
          </span>
        )}
      </div>
    ),
  }),
  dateColumn<Prefill>("created", "Created", (prefill) => prefill.createdAt),
  surveyLinkColumn<Prefill>(
    (prefill) => prefill.url,
    (prefill) => `link for ${prefill.name}`,
  ),
];

export function PrefillsTable(props: FormItemsTableProps & { withLinks: boolean }) {
  const { form, page, search, withLinks, onCreate } = props;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...trpc.prefills.list.queryOptions({ formUuid: form.uuid, page, search: search || undefined, includeUniqueLinkPrefills: withLinks }),
    placeholderData: keepPreviousData,
  });
  const list = useSelectableList({
    ...props,
    formUuid: form.uuid,
    query,
    rows: query.data?.prefills,
    viewKey: `${page}|${search}|${withLinks}`,
    noun: ["prefill", "prefills"],
    nameOf: (prefill) => prefill.name,
    mutation: trpc.prefills.bulkDelete.mutationOptions(),
    // A deleted unique-link prefill also changes that link (`prefillId`).
    refresh: () =>
      Promise.all([
        queryClient.invalidateQueries(trpc.prefills.list.pathFilter()),
        queryClient.invalidateQueries(trpc.uniqueLinks.pathFilter()),
      ]),
  });
  const { chosen } = list;
  const linked = query.data?.prefills.filter((p) => p.forUniqueLink && list.selection.selected.includes(p.id)).length ?? 0;

  return (
    <DataTable
      {...list.table}
      caption={`Prefills of ${form.name}`}
      columns={COLUMNS}
      loading="Loading prefills…"
      failed="Could not load the prefills"
      search={{ text: search, field: "prefill name", onClear: props.onClearSearch }}
      className="list-table"
      sort={NEWEST_FIRST}
      empty={
        <EmptyState icon={<PrefillIcon />} title="No prefills yet" button={{ label: "Create a prefill", onClick: onCreate, primary: true }}>
          A prefill stores answers for some fields of <strong>{form.name}</strong>. Its link opens the form with those fields already filled
          in.
          {!withLinks && " Prefills that belong to unique links are listed with “Show unique-link prefills”."}
        </EmptyState>
      }
    >
      <DeleteSelectedDialog flow={list.remove} chosen={chosen}>
        <p>
          {chosen.length === 1 ? "Its link opens" : "Their links open"} the form empty from now on. This cannot be undone.
          {linked > 0 && ` ${linkedNote(linked, chosen.length)}`}
        </p>
      </DeleteSelectedDialog>
    </DataTable>
  );
}

/** The server's order (listPrefills): newest first. */
const NEWEST_FIRST = { sorting: [{ id: "created", desc: true }] };

/** Deleting a unique link's prefill leaves the link working, without its values: say so. */
function linkedNote(linked: number, chosen: number): string {
  if (chosen === 1) return "It belongs to a unique link: the link keeps working, without prefilled values.";
  const which = linked === 1 ? "belongs to a unique link: that link keeps" : "belong to unique links: those links keep";
  return `${linked} of them ${which} working, without prefilled values.`;
}
