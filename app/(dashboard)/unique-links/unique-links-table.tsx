"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import type { AppRouter } from "@/server/routers/app/router";
import { DateTime } from "../_components/date-time";
import { DeleteSelectedDialog, useDeleteSelected } from "../_components/delete-selected";
import type { FormItemsTableProps } from "../_components/form-scoped-page";
import { ListPagination } from "../_components/list-pagination";
import { EmptyState, LinkIcon, NoRowsState, QueryState } from "../_components/list-states";
import { SelectAllHeader, SelectionBar, SelectRowCell } from "../_components/selection-controls";
import { SurveyUrl } from "../_components/survey-url";
import "../_components/card-table.css";
import type { FormOption } from "../_components/use-form-scope";
import { useRowSelection } from "../_components/use-row-selection";
import { LinkDetailsDialog } from "./link-details";
import { LINK_STATE_LABELS, StateBadge, type LinkState } from "./link-state";

type UniqueLink = inferRouterOutputs<AppRouter>["uniqueLinks"]["list"]["uniqueLinks"][number];

const PROGRESS: Record<UniqueLink["status"], string> = { pending: "Pending", in_progress: "In progress", completed: "Submitted" };

/**
 * The links of a form, a page at a time: a table on wide screens, one card per link on narrow
 * ones (card-table.css), so nothing scrolls sideways. A link's name opens its details.
 */
export function UniqueLinksTable({
  form,
  page,
  search,
  state,
  onPage,
  onClearSearch,
  onClearState,
  onCreate,
  onNotice,
}: FormItemsTableProps & { state: LinkState | null; onClearState: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...trpc.uniqueLinks.list.queryOptions({ formUuid: form.uuid, page, search: search || undefined, state: state ?? undefined }),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.uniqueLinks ?? [];
  const selection = useRowSelection(`${page}|${search}|${state}`, query.isPlaceholderData ? [] : rows.map((l) => l.id));
  const [rowError, setRowError] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const remove = useDeleteSelected({
    mutation: trpc.uniqueLinks.bulkDelete.mutationOptions(),
    formUuid: form.uuid,
    selection,
    noun: ["unique link", "unique links"],
    page,
    shown: rows.length,
    onPage,
    onNotice,
    refresh: () => queryClient.invalidateQueries(trpc.uniqueLinks.pathFilter()),
  });

  if (query.isPending || query.isError) return <QueryState query={query} loading="Loading unique links…" failed="Could not load the unique links" />;

  const { total, totalPages, perPage } = query.data;
  if (rows.length === 0 && total === 0 && state) {
    return (
      <EmptyState
        title={`No ${LINK_STATE_LABELS[state].label.toLowerCase()} links`}
        action={
          <button type="button" className="button" onClick={onClearState}>
            Show all links
          </button>
        }
      >
        None of the links{search ? ` matching “${search}”` : ""} is {LINK_STATE_LABELS[state].label.toLowerCase()} right now.
      </EmptyState>
    );
  }
  if (rows.length === 0) {
    return (
      <NoRowsState
        page={page}
        total={total}
        totalPages={totalPages}
        noun={["link", "links"]}
        search={{ text: search, field: "entry name", onClear: onClearSearch }}
        nav={{ onPage }}
        empty={
          <EmptyState
            icon={<LinkIcon />}
            title="No unique links yet"
            action={
              onCreate && (
                <button type="button" className="button button-primary" onClick={onCreate}>
                  Create links
                </button>
              )
            }
          >
            Give each recipient a personal link to <strong>{form.name}</strong>: you see who has opened and completed it, and can switch
            it off at any time.
          </EmptyState>
        }
      />
    );
  }

  const chosen = rows.filter((l) => selection.selected.includes(l.id));

  return (
    <section className="card table-card" aria-busy={query.isPlaceholderData}>
      <SelectionBar selection={selection} onDelete={remove.ask} />
      {rowError && (
        <p className="alert alert-error table-alert" role="alert">
          {rowError}
        </p>
      )}
      <div className={query.isPlaceholderData ? "table-wrap is-stale" : "table-wrap"}>
        <table className="table list-table card-table links-table">
          <caption className="visually-hidden">
            Unique links of {form.name}, page {page} of {totalPages}
          </caption>
          <thead>
            <tr>
              <SelectAllHeader selection={selection} />
              <th scope="col">Entry name</th>
              <th scope="col">State</th>
              <th scope="col">Progress</th>
              <th scope="col">Active</th>
              <th scope="col">Expires</th>
              <th scope="col">Created</th>
              <th scope="col">Survey link</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((link) => (
              <tr key={link.id} className={selection.isSelected(link.id) ? "is-selected" : undefined}>
                <SelectRowCell selection={selection} id={link.id} name={link.entryName} />
                <td data-label="Entry name">
                  <button type="button" className="link-open" onClick={() => setShown(link.id)} aria-haspopup="dialog" title={`Details of ${link.entryName}`}>
                    <span className="cell-title">{link.entryName}</span>
                  </button>
                </td>
                <td className="col-state" data-label="State">
                  <StateBadge state={link.state} />
                </td>
                <td className="nowrap" data-label="Progress">
                  {PROGRESS[link.status]}
                </td>
                <td data-label="Active">
                  <ActiveSwitch form={form} link={link} onError={setRowError} />
                </td>
                <td className="nowrap" data-label="Expires">
                  {link.expiresAt ? <DateTime at={link.expiresAt} /> : <span className="muted">Never</span>}
                </td>
                <td className="nowrap" data-label="Created">
                  <DateTime at={link.createdAt} />
                </td>
                <td data-label="Survey link">
                  <SurveyUrl url={link.url} what={`link for ${link.entryName}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ListPagination page={page} perPage={perPage} total={total} totalPages={totalPages} shown={rows.length} noun={["link", "links"]} nav={{ onPage }} />
      {shown && <LinkDetailsDialog form={form} linkId={shown} onClose={() => setShown(null)} />}
      <DeleteSelectedDialog flow={remove} chosen={chosen.map((l) => ({ id: l.id, name: l.entryName }))}>
        <p>
          The {chosen.length === 1 ? "link stops" : "links stop"} working at once, and {chosen.length === 1 ? "its" : "their"} prefilled
          values are deleted too. This cannot be undone.
        </p>
      </DeleteSelectedDialog>
    </section>
  );
}

/** On/off for one link; shows the requested state while the change is saved. */
function ActiveSwitch({ form, link, onError }: { form: FormOption; link: UniqueLink; onError: (text: string | null) => void }) {
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
        aria-label={`Active: ${link.entryName}`}
        checked={on}
        disabled={update.isPending}
        onChange={(e) => update.mutate({ formUuid: form.uuid, id: link.id, active: e.target.checked })}
      />
      <span className="switch-track" aria-hidden="true" />
      <span className="switch-text" aria-hidden="true">
        {on ? "On" : "Off"}
      </span>
    </label>
  );
}
