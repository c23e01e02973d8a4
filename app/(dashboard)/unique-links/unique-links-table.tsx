"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import type { AppRouter } from "@/server/routers/app/router";
import { dataColumns } from "../_components/data-table/columns";
import { dateColumn, surveyLinkColumn } from "../_components/data-table/common-columns";
import { DataTable } from "../_components/data-table/data-table";
import { DeleteSelectedDialog } from "../_components/data-table/delete-selected";
import { useSelectableList } from "../_components/data-table/selectable-list";
import type { FormItemsTableProps } from "../_components/form-scoped-page";
import { EmptyState, LinkIcon } from "../_components/list-states";
import type { FormOption } from "../_components/use-form-scope";
import { LinkDetailsDialog } from "./link-details";
import { LINK_STATE_LABELS, LinkStatusBadge, type LinkState } from "./link-state";

type UniqueLink = inferRouterOutputs<AppRouter>["uniqueLinks"]["list"]["uniqueLinks"][number];

/** The server's order (listUniqueLinks): newest first. */
const NEWEST_FIRST = { sorting: [{ id: "created", desc: true }] };

/**
 * The links of a form, a page at a time: a table on wide screens, one card per link on narrow
 * ones, so nothing scrolls sideways. A link's name opens its details.
 */
export function UniqueLinksTable(props: FormItemsTableProps & { state: LinkState | null; onClearState: () => void }) {
  const { form, page, search, state, onCreate } = props;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...trpc.uniqueLinks.list.queryOptions({ formUuid: form.uuid, page, search: search || undefined, state: state ?? undefined }),
    placeholderData: keepPreviousData,
  });
  const [rowError, setRowError] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const list = useSelectableList({
    ...props,
    formUuid: form.uuid,
    query,
    rows: query.data?.uniqueLinks,
    viewKey: `${page}|${search}|${state}`,
    noun: ["link", "links"],
    deletedNoun: ["unique link", "unique links"],
    nameOf: (link) => link.entryName,
    mutation: trpc.uniqueLinks.bulkDelete.mutationOptions(),
    refresh: () => queryClient.invalidateQueries(trpc.uniqueLinks.pathFilter()),
  });
  const { chosen } = list;

  const column = dataColumns<UniqueLink>();
  const columns = [
    column.display({
      id: "entryName",
      header: "Entry name",
      cell: ({ row: { original: link } }) => (
        <button
          type="button"
          className="link-open"
          onClick={() => setShown(link.id)}
          aria-haspopup="dialog"
          title={`Details of ${link.entryName}`}
        >
          <span className="cell-title">{link.entryName}</span>
        </button>
      ),
    }),
    // One status (state and progress in one word), and beside it the link's on/off switch; a
    // completed link has nothing left to switch.
    column.display({
      id: "status",
      header: "Status",
      meta: { className: "col-state" },
      cell: ({ row: { original: link } }) => (
        <span className="link-status">
          <LinkStatusBadge link={link} />
          {link.state !== "completed" && <OnSwitch form={form} link={link} onError={setRowError} />}
        </span>
      ),
    }),
    dateColumn<UniqueLink>("expires", "Expires", (link) => link.expiresAt, <span className="muted">Never</span>),
    dateColumn<UniqueLink>("created", "Created", (link) => link.createdAt),
    surveyLinkColumn<UniqueLink>(
      (link) => link.url,
      (link) => `link for ${link.entryName}`,
    ),
  ];
  const stateLabel = state && LINK_STATE_LABELS[state].label.toLowerCase();

  return (
    <DataTable
      {...list.table}
      caption={`Unique links of ${form.name}`}
      columns={columns}
      loading="Loading unique links…"
      failed="Could not load the unique links"
      className="list-table links-table"
      sort={NEWEST_FIRST}
      search={{ text: search, field: "entry name", onClear: props.onClearSearch }}
      filtered={
        state && (
          <EmptyState title={`No ${stateLabel} links`} button={{ label: "Show all links", onClick: props.onClearState }}>
            None of the links{search ? ` matching “${search}”` : ""} is {stateLabel} right now.
          </EmptyState>
        )
      }
      alert={
        rowError && (
          <p className="alert alert-error table-alert" role="alert">
            {rowError}
          </p>
        )
      }
      empty={
        <EmptyState icon={<LinkIcon />} title="No unique links yet" button={{ label: "Create links", onClick: onCreate, primary: true }}>
          Give each recipient a personal link to <strong>{form.name}</strong>: you see who has opened and completed it, and can switch it
          off at any time.
        </EmptyState>
      }
    >
      {shown && <LinkDetailsDialog form={form} linkId={shown} onClose={() => setShown(null)} />}
      <DeleteSelectedDialog flow={list.remove} chosen={chosen}>
        <p>
          The {chosen.length === 1 ? "link stops" : "links stop"} working at once, and {chosen.length === 1 ? "its" : "their"} prefilled
          values are deleted too. This cannot be undone.
        </p>
      </DeleteSelectedDialog>
    </DataTable>
  );
}

/** On/off for one link; shows the requested state while the change is saved. */
function OnSwitch({ form, link, onError }: { form: FormOption; link: UniqueLink; onError: (text: string | null) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(
    trpc.uniqueLinks.update.mutationOptions({
      onMutate: () => onError(null),
      // Stays pending until the list shows the new state, so the switch never flips back.
      onSuccess: () => queryClient.invalidateQueries(trpc.uniqueLinks.pathFilter()),
      onError: (error, { active }) => onError(`Could not turn ${active ? "on" : "off"} “${link.entryName}”: ${errorMessage(error)}`),
    }),
  );
  const on = update.isPending ? update.variables.active : link.active;
  return (
    <label className="switch">
      <input
        type="checkbox"
        role="switch"
        aria-label={`Link on: ${link.entryName}`}
        checked={on}
        disabled={update.isPending}
        onChange={(e) => update.mutate({ formUuid: form.uuid, id: link.id, active: e.target.checked })}
      />
      <span className="switch-track" aria-hidden="true" />
    </label>
  );
}
