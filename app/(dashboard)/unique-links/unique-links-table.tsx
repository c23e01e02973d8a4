"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import type { AppRouter } from "@/server/routers/_app";
import { ConfirmDialog } from "../_components/confirm-dialog";
import { countOf, dateFormat, dateTimeFormat } from "../_components/format";
import { ListPagination } from "../_components/list-pagination";
import { EmptyState, ErrorState, LinkIcon, TableSkeleton } from "../_components/list-states";
import { SurveyUrl } from "../_components/survey-url";
import type { FormOption } from "../_components/use-form-scope";
import { useRowSelection } from "../_components/use-row-selection";

type UniqueLink = inferRouterOutputs<AppRouter>["uniqueLinks"]["list"]["uniqueLinks"][number];

const STATUS: Record<UniqueLink["status"], { label: string; badge: string }> = {
  pending: { label: "Pending", badge: "badge-neutral" },
  in_progress: { label: "In progress", badge: "badge-info" },
  completed: { label: "Completed", badge: "badge-success" },
};

export function UniqueLinksTable({
  form,
  page,
  search,
  onPage,
  onClearSearch,
  onCreate,
  onNotice,
}: {
  form: FormOption;
  page: number;
  search: string;
  onPage: (page: number) => void;
  onClearSearch: () => void;
  onCreate?: () => void;
  onNotice: (text: string | null) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...trpc.uniqueLinks.list.queryOptions({ formUuid: form.uuid, page, search: search || undefined }),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.uniqueLinks ?? [];
  const selection = useRowSelection(`${page}|${search}`, query.isPlaceholderData ? [] : rows.map((l) => l.id));
  const [confirming, setConfirming] = useState(false);
  const [rowError, setRowError] = useState<string | null>(null);

  const remove = useMutation(
    trpc.uniqueLinks.bulkDelete.mutationOptions({
      onSuccess: async ({ deleted }) => {
        setConfirming(false);
        selection.clear();
        onNotice(`Deleted ${countOf(deleted, "unique link", "unique links")}.`);
        // The page emptied: show the one before it.
        if (page > 1 && deleted >= rows.length) onPage(page - 1);
        await queryClient.invalidateQueries(trpc.uniqueLinks.pathFilter());
      },
    }),
  );

  if (query.isPending) return <TableSkeleton label="Loading unique links…" />;
  if (query.isError) {
    return <ErrorState title="Could not load the unique links" error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  }

  const { total, totalPages, perPage } = query.data;
  if (total === 0 && !search) {
    return (
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
    );
  }
  if (total === 0) {
    return (
      <EmptyState
        title="No matching links"
        action={
          <button type="button" className="button" onClick={onClearSearch}>
            Clear search
          </button>
        }
      >
        No entry name contains “{search}”.
      </EmptyState>
    );
  }
  if (rows.length === 0) {
    return (
      <EmptyState
        title={`Nothing on page ${page}`}
        action={
          <button type="button" className="button" onClick={() => onPage(1)}>
            Go to the first page
          </button>
        }
      >
        There {total === 1 ? "is 1 link" : `are ${countOf(total, "link", "links")}`} in {countOf(totalPages, "page", "pages")}.
      </EmptyState>
    );
  }

  const chosen = rows.filter((l) => selection.selected.includes(l.id));

  return (
    <section className="card table-card" aria-busy={query.isPlaceholderData}>
      {selection.selected.length > 0 && (
        <div className="selection-bar">
          <span>
            <strong>{selection.selected.length}</strong> selected
          </span>
          <button type="button" className="button button-small button-danger" onClick={() => {
              remove.reset();
              setConfirming(true);
            }}>
            Delete selected
          </button>
          <button type="button" className="button button-small button-ghost" onClick={selection.clear}>
            Clear selection
          </button>
        </div>
      )}
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
              <th scope="col" className="check">
                <input
                  type="checkbox"
                  aria-label="Select all on this page"
                  checked={selection.allSelected}
                  ref={(el) => {
                    if (el) el.indeterminate = selection.someSelected;
                  }}
                  onChange={selection.toggleAll}
                />
              </th>
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
                <td className="check">
                  <input
                    type="checkbox"
                    aria-label={`Select ${link.entryName}`}
                    checked={selection.isSelected(link.id)}
                    onChange={() => selection.toggle(link.id)}
                  />
                </td>
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
                  <time dateTime={link.createdAt} title={dateTimeFormat.format(new Date(link.createdAt))}>
                    {dateFormat.format(new Date(link.createdAt))}
                  </time>
                </td>
                <td>
                  <SurveyUrl url={link.url} what={`link for ${link.entryName}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ListPagination page={page} perPage={perPage} total={total} totalPages={totalPages} shown={rows.length} noun={["link", "links"]} onPage={onPage} />
      <ConfirmDialog
        open={confirming}
        title={`Delete ${countOf(chosen.length, "unique link", "unique links")}?`}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate({ formUuid: form.uuid, ids: chosen.map((l) => l.id) })}
      >
        <p>
          The {chosen.length === 1 ? "link stops" : "links stop"} working at once, and {chosen.length === 1 ? "its" : "their"} prefilled
          values are deleted too. This cannot be undone.
        </p>
        <ul className="dialog-list">
          {chosen.slice(0, 5).map((l) => (
            <li key={l.id}>{l.entryName}</li>
          ))}
          {chosen.length > 5 && <li className="muted">and {chosen.length - 5} more</li>}
        </ul>
      </ConfirmDialog>
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
  if (!at) return <span className="muted">Never</span>;
  const when = new Date(at);
  const expired = when.getTime() <= Date.now();
  return (
    <span className="expiry">
      <time dateTime={at} title={dateTimeFormat.format(when)}>
        {dateFormat.format(when)}
      </time>
      {expired && <span className="badge badge-danger">Expired</span>}
    </span>
  );
}
