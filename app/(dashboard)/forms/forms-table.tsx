"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { DateTime } from "../_components/date-time";
import { ListPagination } from "../_components/list-pagination";
import { EmptyState, FormIcon, NoRowsState, QueryState } from "../_components/list-states";
import { SurveyUrl } from "../_components/survey-url";
import "../_components/card-table.css";
import { FORMS_TRASH_PATH, formPath } from "./form-paths";
import { TrashFormDialog } from "./trash-form-dialog";
import { FormLeadCells } from "./form-cells";

/** The list is rendered from `?page=`, so it pages by links. */
const pageHref = (page: number) => (page === 1 ? "/forms" : `/forms?page=${page}`);

/**
 * The forms of the organization: a table on wide screens, one card per form on narrow ones
 * (card-table.css), so nothing scrolls sideways. Each form's name opens its page.
 */
export function FormsTable({ page, onCreate, onNotice }: { page: number; onCreate: () => void; onNotice: (notice: ReactNode) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery({ ...trpc.forms.list.queryOptions({ page }), placeholderData: keepPreviousData });
  const [trashing, setTrashing] = useState<{ uuid: string; name: string } | null>(null);
  const duplicate = useMutation(
    trpc.forms.duplicate.mutationOptions({
      onSuccess: async (copy) => {
        await queryClient.invalidateQueries(trpc.forms.pathFilter());
        onNotice(
          <>
            Created <Link href={formPath(copy.uuid)}>{copy.name}</Link>, a draft.
          </>,
        );
      },
      onError: (error) => onNotice(`Could not duplicate the form: ${errorMessage(error)}`),
    }),
  );

  if (query.isPending || query.isError) return <QueryState query={query} loading="Loading forms…" failed="Could not load your forms" selectable={false} />;

  const { forms, total, totalPages, perPage } = query.data;
  const dialog = (
    <TrashFormDialog
      form={trashing}
      onClose={() => setTrashing(null)}
      onTrashed={(form) => {
        setTrashing(null);
        onNotice(
          <>
            Moved {form.name} to the <Link href={FORMS_TRASH_PATH}>trash</Link>.
          </>,
        );
      }}
    />
  );
  if (forms.length === 0) {
    return (
      <>
        <NoRowsState
          page={page}
          total={total}
          totalPages={totalPages}
          noun={["form", "forms"]}
          nav={{ pageHref }}
          empty={
            <EmptyState
              icon={<FormIcon />}
              title="No forms yet"
              action={
                <button type="button" className="button button-primary" onClick={onCreate}>
                  Create your first form
                </button>
              }
            >
              Create a form, add its questions in the builder, then publish it and share its link.
            </EmptyState>
          }
        />
        {dialog}
      </>
    );
  }

  return (
    <section className="card table-card" aria-busy={query.isPlaceholderData}>
      <div className={query.isPlaceholderData ? "table-wrap is-stale" : "table-wrap"}>
        <table className="table card-table forms-table">
          <caption className="visually-hidden">Forms, page {page} of {totalPages}</caption>
          <thead>
            <tr>
              <th scope="col">Form</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Submissions
              </th>
              <th scope="col">Updated</th>
              <th scope="col">Survey link</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {forms.map((form) => (
              <tr key={form.id}>
                <FormLeadCells form={form} />
                <td data-label="Updated">
                  <DateTime at={form.updatedAt} />
                </td>
                <td data-label="Survey link">
                  <SurveyUrl url={form.url} what={`survey link of ${form.name}`} />
                </td>
                <td className="forms-cell-actions">
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() => duplicate.mutate({ formUuid: form.uuid })}
                    disabled={duplicate.isPending}
                  >
                    Duplicate<span className="visually-hidden"> {form.name}</span>
                  </button>
                  <button type="button" className="button button-small" onClick={() => setTrashing({ uuid: form.uuid, name: form.name })}>
                    Trash<span className="visually-hidden"> {form.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ListPagination page={page} perPage={perPage} total={total} totalPages={totalPages} shown={forms.length} noun={["form", "forms"]} nav={{ pageHref }} />
      {dialog}
    </section>
  );
}
