"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { DateTime } from "../_components/date-time";
import { numberFormat } from "../_components/format";
import { ListPagination } from "../_components/list-pagination";
import { EmptyState, FormIcon, NoRowsState, QueryState } from "../_components/list-states";

/** The list is rendered from `?page=`, so it pages by links. */
const pageHref = (page: number) => (page === 1 ? "/forms" : `/forms?page=${page}`);

export function FormsTable({ page }: { page: number }) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.forms.list.queryOptions({ page }), placeholderData: keepPreviousData });

  if (query.isPending || query.isError) return <QueryState query={query} loading="Loading forms…" failed="Could not load your forms" selectable={false} />;

  const { forms, total, totalPages, perPage } = query.data;
  if (forms.length === 0) {
    return (
      <NoRowsState
        page={page}
        total={total}
        totalPages={totalPages}
        noun={["form", "forms"]}
        nav={{ pageHref }}
        empty={
          <EmptyState icon={<FormIcon />} title="No forms yet">
            Forms you create or import will be listed here. To import one from a JSON definition, run{" "}
            <code>npm run admin -- import-form</code> on the server.
          </EmptyState>
        }
      />
    );
  }

  return (
    <section className="card table-card" aria-busy={query.isPlaceholderData}>
      <div className={query.isPlaceholderData ? "table-wrap is-stale" : "table-wrap"}>
        <table className="table">
          <caption className="visually-hidden">Forms, page {page} of {totalPages}</caption>
          <thead>
            <tr>
              <th scope="col">Form</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Submissions
              </th>
              <th scope="col">Created</th>
              <th scope="col" className="num">
                ID
              </th>
            </tr>
          </thead>
          <tbody>
            {forms.map((form) => (
              <tr key={form.id}>
                <td>
                  <div className="form-name">{form.name}</div>
                  <code className="form-uuid" title="Form UUID">
                    {form.uuid}
                  </code>
                </td>
                <td>
                  {form.published ? (
                    <span className="badge badge-success">Published</span>
                  ) : (
                    <span className="badge badge-neutral">Draft</span>
                  )}
                </td>
                <td className="num">
                  {numberFormat.format(form.submissionsCount)}
                </td>
                <td>
                  <DateTime at={form.createdAt} />
                </td>
                <td className="num mono">{form.id}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ListPagination page={page} perPage={perPage} total={total} totalPages={totalPages} shown={forms.length} noun={["form", "forms"]} nav={{ pageHref }} />
    </section>
  );
}
