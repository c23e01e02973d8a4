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
import type { FormOption } from "../_components/use-form-scope";
import { useRowSelection } from "../_components/use-row-selection";

type UniqueLink = inferRouterOutputs<AppRouter>["uniqueLinks"]["list"]["uniqueLinks"][number];

const STATUS: Record<UniqueLink["status"], { label: string; badge: string }> = {
  pending: { label: "Pending", badge: "badge-neutral" },
  in_progress: { label: "In progress", badge: "badge-info" },
  completed: { label: "Completed", badge: "badge-success" },
};

export function UniqueLinksTable({ form, page, search, onPage, onClearSearch, onCreate, onNotice }: FormItemsTableProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...trpc.uniqueLinks.list.queryOptions({ formUuid: form.uuid, page, search: search || undefined }),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.uniqueLinks ?? [];
  const selection = useRowSelection(`${page}|${search}`, query.isPlaceholderData ? [] : rows.map((l) => l.id));
  const [rowError, setRowError] = useState<string | null>(null);
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
        <table className="table list-table">
          <caption className="visually-hidden">
            Unique links of {form.name}, page {page} of {totalPages}
          </caption>
          <thead>
            <tr>
              <SelectAllHeader selection={selection} />
              <th scope="col">Entry name</th>
              <th scope="col">Status</th>
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
                <td>
                  <div className="cell-title" title={link.entryName}>
                    {link.entryName}
                  </div>
                </td>
                <td>
                  <span className={`badge ${STATUS[link.status].badge}`}>{STATUS[link.status].label}</span>
                </td>
                <td>
                  <ActiveSwitch form={form} link={link} onError={setRowError} />
                </td>
                <td>
                  <Expiry at={link.expiresAt} />
                </td>
                <td className="nowrap">
                  <DateTime at={link.createdAt} />
                </td>
                <td>
                  <SurveyUrl url={link.url} what={`link for ${link.entryName}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ListPagination page={page} perPage={perPage} total={total} totalPages={totalPages} shown={rows.length} noun={["link", "links"]} nav={{ onPage }} />
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

function Expiry({ at }: { at: string | null }) {
  // The moment the row was first drawn: a re-render does not move it.
  const [now] = useState(Date.now);
  if (!at) return <span className="muted">Never</span>;
  const expired = new Date(at).getTime() <= now;
  return (
    <span className="expiry">
      <DateTime at={at} />
      {expired && <span className="badge badge-danger">Expired</span>}
    </span>
  );
}
