"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { DateTime } from "../_components/date-time";
import { DeleteSelectedDialog, useDeleteSelected } from "../_components/delete-selected";
import type { FormItemsTableProps } from "../_components/form-scoped-page";
import { ListPagination } from "../_components/list-pagination";
import { EmptyState, NoRowsState, PrefillIcon, QueryState } from "../_components/list-states";
import { SelectAllHeader, SelectionBar, SelectRowCell } from "../_components/selection-controls";
import { SurveyUrl } from "../_components/survey-url";
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
}: FormItemsTableProps & { withLinks: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...trpc.prefills.list.queryOptions({ formUuid: form.uuid, page, search: search || undefined, includeUniqueLinkPrefills: withLinks }),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.prefills ?? [];
  const selection = useRowSelection(`${page}|${search}|${withLinks}`, query.isPlaceholderData ? [] : rows.map((p) => p.id));
  const remove = useDeleteSelected({
    mutation: trpc.prefills.bulkDelete.mutationOptions(),
    formUuid: form.uuid,
    selection,
    noun: ["prefill", "prefills"],
    page,
    shown: rows.length,
    onPage,
    onNotice,
    // A deleted unique-link prefill also changes that link (`prefillId`).
    refresh: () =>
      Promise.all([queryClient.invalidateQueries(trpc.prefills.list.pathFilter()), queryClient.invalidateQueries(trpc.uniqueLinks.pathFilter())]),
  });

  if (query.isPending || query.isError) return <QueryState query={query} loading="Loading prefills…" failed="Could not load the prefills" />;

  const { total, totalPages, perPage } = query.data;
  if (rows.length === 0) {
    return (
      <NoRowsState
        page={page}
        total={total}
        totalPages={totalPages}
        noun={["prefill", "prefills"]}
        search={{ text: search, field: "prefill name", onClear: onClearSearch }}
        nav={{ onPage }}
        empty={
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
        }
      />
    );
  }

  const chosen = rows.filter((p) => selection.selected.includes(p.id));
  const linked = chosen.filter((p) => p.forUniqueLink).length;

  return (
    <section className="card table-card" aria-busy={query.isPlaceholderData}>
      <SelectionBar selection={selection} onDelete={remove.ask} />
      <div className={query.isPlaceholderData ? "table-wrap is-stale" : "table-wrap"}>
        <table className="table list-table">
          <caption className="visually-hidden">
            Prefills of {form.name}, page {page} of {totalPages}
          </caption>
          <thead>
            <tr>
              <SelectAllHeader selection={selection} />
              <th scope="col">Name</th>
              <th scope="col">Created</th>
              <th scope="col">Survey link</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((prefill) => (
              <tr key={prefill.id} className={selection.isSelected(prefill.id) ? "is-selected" : undefined}>
                <SelectRowCell selection={selection} id={prefill.id} name={prefill.name} />
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
                  <DateTime at={prefill.createdAt} />
                </td>
                <td>
                  <SurveyUrl url={prefill.url} what={`link for ${prefill.name}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ListPagination page={page} perPage={perPage} total={total} totalPages={totalPages} shown={rows.length} noun={["prefill", "prefills"]} nav={{ onPage }} />
      <DeleteSelectedDialog flow={remove} chosen={chosen}>
        <p>
          {chosen.length === 1 ? "Its link opens" : "Their links open"} the form empty from now on. This cannot be undone.
          {linked > 0 && ` ${linkedNote(linked, chosen.length)}`}
        </p>
      </DeleteSelectedDialog>
    </section>
  );
}

/** Deleting a unique link's prefill leaves the link working, without its values: say so. */
function linkedNote(linked: number, chosen: number): string {
  if (chosen === 1) return "It belongs to a unique link: the link keeps working, without prefilled values.";
  return `${linked} of them ${linked === 1 ? "belongs to a unique link: that link keeps" : "belong to unique links: those links keep"} working, without prefilled values.`;
}
