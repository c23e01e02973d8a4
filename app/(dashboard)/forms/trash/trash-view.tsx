"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { DateTime } from "../../_components/date-time";
import { ListPagination } from "../../_components/list-pagination";
import { EmptyState, NoRowsState, QueryState } from "../../_components/list-states";
import { Notice } from "../../_components/notice";
import { PageHeader } from "../../_components/page-header";
import { FORMS_TRASH_PATH, formPath } from "../form-paths";
import "../../_components/card-table.css";
import "../forms.css";
import { FormLeadCells } from "../form-cells";

const pageHref = (page: number) => (page === 1 ? FORMS_TRASH_PATH : `${FORMS_TRASH_PATH}?page=${page}`);

/** Trashed forms, most recently trashed first, each with Restore. */
export function TrashView({ page }: { page: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery({ ...trpc.forms.listTrashed.queryOptions({ page }), placeholderData: keepPreviousData });
  const [notice, setNotice] = useState<ReactNode>(null);
  const restore = useMutation(
    trpc.forms.restore.mutationOptions({
      onSuccess: async (form) => {
        await queryClient.invalidateQueries(trpc.forms.pathFilter());
        setNotice(
          <>
            Restored <Link href={formPath(form.uuid)}>{form.name}</Link>. Its survey link and the API show it again.
          </>,
        );
      },
      onError: (error) => setNotice(`Could not restore the form: ${errorMessage(error)}`),
    }),
  );

  let body: ReactNode;
  if (query.isPending || query.isError) body = <QueryState query={query} loading="Loading the trash…" failed="Could not load the trash" selectable={false} />;
  else if (query.data.forms.length === 0)
    body = (
      <NoRowsState
        page={page}
        total={query.data.total}
        totalPages={query.data.totalPages}
        noun={["form", "forms"]}
        nav={{ pageHref }}
        empty={
          <EmptyState title="The trash is empty" action={<Link href="/forms" className="button">Back to forms</Link>}>
            Forms you move to the trash are listed here until you restore them.
          </EmptyState>
        }
      />
    );
  else {
    const { forms, total, totalPages, perPage } = query.data;
    body = (
      <section className="card table-card" aria-busy={query.isPlaceholderData}>
        <div className={query.isPlaceholderData ? "table-wrap is-stale" : "table-wrap"}>
          <table className="table card-table forms-table">
            <caption className="visually-hidden">Trashed forms, page {page} of {totalPages}</caption>
            <thead>
              <tr>
                <th scope="col">Form</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Submissions
                </th>
                <th scope="col">Trashed</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {forms.map((form) => (
                <tr key={form.id}>
                  <FormLeadCells form={form} />
                  <td data-label="Trashed">{form.trashedAt && <DateTime at={form.trashedAt} />}</td>
                  <td className="forms-cell-actions">
                    <button type="button" className="button button-small" onClick={() => restore.mutate({ formUuid: form.uuid })} disabled={restore.isPending}>
                      Restore<span className="visually-hidden"> {form.name}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ListPagination page={page} perPage={perPage} total={total} totalPages={totalPages} shown={forms.length} noun={["form", "forms"]} nav={{ pageHref }} />
      </section>
    );
  }

  return (
    <>
      <PageHeader
        title="Trash"
        description="Trashed forms: their survey links do not work and the API does not show them. Their submissions are kept."
        actions={
          <Link href="/forms" className="button">
            Back to forms
          </Link>
        }
      />
      {notice && <Notice onDismiss={() => setNotice(null)}>{notice}</Notice>}
      {body}
    </>
  );
}
