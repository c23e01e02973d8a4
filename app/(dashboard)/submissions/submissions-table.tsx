"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import Link from "next/link";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import type { FormElement } from "@/db/schema";
import type { AppRouter } from "@/server/routers/app/router";
import { DateTime } from "../_components/date-time";
import { DeleteSelectedDialog, useDeleteSelected } from "../_components/delete-selected";
import { countOf, dateTimeFormat } from "../_components/format";
import { ListPagination } from "../_components/list-pagination";
import { EmptyState } from "../_components/list-states";
import { SelectAllHeader, SelectRowCell } from "../_components/selection-controls";
import { useRowSelection } from "../_components/use-row-selection";
import { compactAnswer } from "./answers";

type ListOutput = inferRouterOutputs<AppRouter>["submissions"]["list"];

/** Elements that make a column (every element; the page scrolls sideways inside its card). */
const columnsOf = (elements: FormElement[]) => elements.filter((el) => el && typeof el.id === "string");

export function SubmissionsTable({
  data,
  stale,
  page,
  onPage,
  onNotice,
  onClearFilters,
}: {
  data: ListOutput;
  stale: boolean;
  page: number;
  onPage: (page: number) => void;
  onNotice: (text: string) => void;
  onClearFilters?: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const rows = data.submissions;
  const { form, total, totalPages, perPage } = data;
  const selection = useRowSelection(`${page}|${total}`, stale ? [] : rows.map((s) => s.id));
  const refresh = () => queryClient.invalidateQueries(trpc.submissions.pathFilter());
  const remove = useDeleteSelected({
    mutation: trpc.submissions.bulkDelete.mutationOptions(),
    formUuid: form.uuid,
    selection,
    noun: ["submission", "submissions"],
    page,
    shown: rows.length,
    onPage,
    onNotice,
    refresh,
  });
  const spam = useMutation(
    trpc.submissions.markSpam.mutationOptions({
      onSuccess: async ({ updated }, input) => {
        selection.clear();
        onNotice(`Marked ${countOf(updated, "submission", "submissions")} as ${input.spam ? "spam" : "not spam"}.`);
        await refresh();
      },
    }),
  );

  if (rows.length === 0) {
    return (
      <EmptyState
        title={total === 0 ? "No matching submissions" : `Nothing on page ${page}`}
        action={
          total === 0 ? (
            onClearFilters && (
              <button type="button" className="button" onClick={onClearFilters}>
                Clear filters
              </button>
            )
          ) : (
            <button type="button" className="button" onClick={() => onPage(1)}>
              Go to page 1
            </button>
          )
        }
      >
        {total === 0 ? "No submission matches these filters and this view." : `This view has ${countOf(total, "submission", "submissions")}, on fewer pages.`}
      </EmptyState>
    );
  }

  const columns = columnsOf(form.elements);
  const nameOf = (s: { createdAt: string }) => `submission of ${dateTimeFormat.format(new Date(s.createdAt))}`;
  const chosen = rows.filter((s) => selection.isSelected(s.id)).map((s) => ({ id: s.id, name: dateTimeFormat.format(new Date(s.createdAt)) }));
  const ids = selection.selected;

  return (
    <section className="card table-card" aria-busy={stale}>
      {ids.length > 0 && (
        <div className="selection-bar submissions-selection">
          <span>
            <strong>{ids.length}</strong> selected
          </span>
          <button type="button" className="button button-small" disabled={spam.isPending} onClick={() => spam.mutate({ formUuid: form.uuid, ids, spam: true })}>
            Mark as spam
          </button>
          <button type="button" className="button button-small" disabled={spam.isPending} onClick={() => spam.mutate({ formUuid: form.uuid, ids, spam: false })}>
            Not spam
          </button>
          <button type="button" className="button button-small button-danger" onClick={remove.ask}>
            Delete selected
          </button>
          <button type="button" className="button button-small button-ghost" onClick={selection.clear}>
            Clear selection
          </button>
          {spam.isError && (
            <p className="field-error" role="alert">
              {errorMessage(spam.error)}
            </p>
          )}
        </div>
      )}
      <div className={stale ? "table-wrap is-stale" : "table-wrap"} tabIndex={0} role="region" aria-label={`Submissions of ${form.name}`}>
        <table className="table submissions-table">
          <caption className="visually-hidden">
            Submissions of {form.name}, page {page} of {totalPages}
          </caption>
          <thead>
            <tr>
              <SelectAllHeader selection={selection} />
              <th scope="col">Submitted</th>
              {columns.map((el) => (
                <th scope="col" key={el.id}>
                  {el.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.id} className={selection.isSelected(s.id) ? "is-selected" : undefined}>
                <SelectRowCell selection={selection} id={s.id} name={nameOf(s)} />
                <td className="nowrap">
                  <Link href={`/submissions/${s.id}`} className="cell-title" aria-label={`Open ${nameOf(s)}`}>
                    <DateTime at={s.createdAt} />
                  </Link>
                  {s.spam && <span className="badge badge-danger">Spam</span>}
                </td>
                {columns.map((el) => {
                  const text = compactAnswer(el, s.data[el.id]);
                  return (
                    <td key={el.id} className="answer-cell" title={text}>
                      {text}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ListPagination page={page} perPage={perPage} total={total} totalPages={totalPages} shown={rows.length} noun={["submission", "submissions"]} nav={{ onPage }} />
      <DeleteSelectedDialog flow={remove} chosen={chosen}>
        <p>Their answers are gone for good, and the form&apos;s webhooks are told of each deletion. This cannot be undone.</p>
      </DeleteSelectedDialog>
    </section>
  );
}
