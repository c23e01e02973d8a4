"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { ConfirmDialog } from "../_components/confirm-dialog";
import { countOf, dateFormat, dateTimeFormat } from "../_components/format";
import { ListPagination } from "../_components/list-pagination";
import { EmptyState, ErrorState, PrefillIcon, TableSkeleton } from "../_components/list-states";
import { SurveyUrl } from "../_components/survey-url";
import type { FormOption } from "../_components/use-form-scope";
import { useRowSelection } from "../_components/use-row-selection";

export function PrefillsTable({
  form,
  page,
  search,
  withLinks,
  onPage,
  onClearSearch,
  onCreate,
  onNotice,
}: {
  form: FormOption;
  page: number;
  search: string;
  withLinks: boolean;
  onPage: (page: number) => void;
  onClearSearch: () => void;
  onCreate?: () => void;
  onNotice: (text: string | null) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...trpc.prefills.list.queryOptions({ formUuid: form.uuid, page, search: search || undefined, includeUniqueLinkPrefills: withLinks }),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.prefills ?? [];
  const selection = useRowSelection(`${page}|${search}|${withLinks}`, query.isPlaceholderData ? [] : rows.map((p) => p.id));
  const [confirming, setConfirming] = useState(false);

  const remove = useMutation(
    trpc.prefills.bulkDelete.mutationOptions({
      onSuccess: async ({ deleted }) => {
        setConfirming(false);
        selection.clear();
        onNotice(`Deleted ${countOf(deleted, "prefill", "prefills")}.`);
        if (page > 1 && deleted >= rows.length) onPage(page - 1);
        // A deleted unique-link prefill also changes that link (`prefillId`).
        await Promise.all([
          queryClient.invalidateQueries(trpc.prefills.list.pathFilter()),
          queryClient.invalidateQueries(trpc.uniqueLinks.pathFilter()),
        ]);
      },
    }),
  );

  if (query.isPending) return <TableSkeleton label="Loading prefills…" />;
  if (query.isError) {
    return <ErrorState title="Could not load the prefills" error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  }

  const { total, totalPages, perPage } = query.data;
  if (total === 0 && !search) {
    return (
      <EmptyState
        icon={<PrefillIcon />}
        title="No prefills yet"
        action={
          onCreate && (
            <button type="button" className="button button-primary" onClick={onCreate}>
              Create a prefill
            </button>
          )
        }
      >
        A prefill stores answers for some fields of <strong>{form.name}</strong>. Its link opens the form with those fields already
        filled in.
        {!withLinks && " Prefills that belong to unique links are listed with “Show unique-link prefills”."}
      </EmptyState>
    );
  }
  if (total === 0) {
    return (
      <EmptyState
        title="No matching prefills"
        action={
          <button type="button" className="button" onClick={onClearSearch}>
            Clear search
          </button>
        }
      >
        No prefill name contains “{search}”.
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
        There {total === 1 ? "is 1 prefill" : `are ${countOf(total, "prefill", "prefills")}`} in {countOf(totalPages, "page", "pages")}.
      </EmptyState>
    );
  }

  const chosen = rows.filter((p) => selection.selected.includes(p.id));
  const linked = chosen.filter((p) => p.forUniqueLink).length;

  return (
    <section className="card table-card" aria-busy={query.isPlaceholderData}>
      {selection.selected.length > 0 && (
        <div className="selection-bar">
          <span>
            <strong>{selection.selected.length}</strong> selected
          </span>
          <button
            type="button"
            className="button button-small button-danger"
            onClick={() => {
              remove.reset();
              setConfirming(true);
            }}
          >
            Delete selected
          </button>
          <button type="button" className="button button-small button-ghost" onClick={selection.clear}>
            Clear selection
          </button>
        </div>
      )}
      <div className={query.isPlaceholderData ? "table-wrap is-stale" : "table-wrap"}>
        <table className="table list-table">
          <caption className="visually-hidden">
            Prefills of {form.name}, page {page} of {totalPages}
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
              <th scope="col">Name</th>
              <th scope="col">Created</th>
              <th scope="col">Survey link</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((prefill) => (
              <tr key={prefill.id} className={selection.isSelected(prefill.id) ? "is-selected" : undefined}>
                <td className="check">
                  <input
                    type="checkbox"
                    aria-label={`Select ${prefill.name}`}
                    checked={selection.isSelected(prefill.id)}
                    onChange={() => selection.toggle(prefill.id)}
                  />
                </td>
                <td>
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
                </td>
                <td className="nowrap">
                  <time dateTime={prefill.createdAt} title={dateTimeFormat.format(new Date(prefill.createdAt))}>
                    {dateFormat.format(new Date(prefill.createdAt))}
                  </time>
                </td>
                <td>
                  <SurveyUrl url={prefill.url} what={`link for ${prefill.name}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ListPagination page={page} perPage={perPage} total={total} totalPages={totalPages} shown={rows.length} noun={["prefill", "prefills"]} onPage={onPage} />
      <ConfirmDialog
        open={confirming}
        title={`Delete ${countOf(chosen.length, "prefill", "prefills")}?`}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate({ formUuid: form.uuid, ids: chosen.map((p) => p.id) })}
      >
        <p>
          {chosen.length === 1 ? "Its link opens" : "Their links open"} the form empty from now on. This cannot be undone.
          {linked > 0 && ` ${linkedNote(linked, chosen.length)}`}
        </p>
        <ul className="dialog-list">
          {chosen.slice(0, 5).map((p) => (
            <li key={p.id}>{p.name}</li>
          ))}
          {chosen.length > 5 && <li className="muted">and {chosen.length - 5} more</li>}
        </ul>
      </ConfirmDialog>
    </section>
  );
}

/** Deleting a unique link's prefill leaves the link working, without its values: say so. */
function linkedNote(linked: number, chosen: number): string {
  if (chosen === 1) return "It belongs to a unique link: the link keeps working, without prefilled values.";
  return `${linked} of them ${linked === 1 ? "belongs to a unique link: that link keeps" : "belong to unique links: those links keep"} working, without prefilled values.`;
}
