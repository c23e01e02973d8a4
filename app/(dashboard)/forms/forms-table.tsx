"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";

const dateFormat = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric" });
const numberFormat = new Intl.NumberFormat();

export function FormsTable({ page }: { page: number }) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.forms.list.queryOptions({ page }), placeholderData: keepPreviousData });

  if (query.isPending) return <LoadingTable />;

  if (query.isError) {
    return (
      <section className="card state" role="alert">
        <h2>Could not load your forms</h2>
        <p className="muted">{errorMessage(query.error)}</p>
        <button type="button" className="button" onClick={() => query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? "Retrying…" : "Try again"}
        </button>
      </section>
    );
  }

  const { forms, totalCount, totalPages, perPage } = query.data;

  if (totalCount === 0) {
    return (
      <section className="card state">
        <div className="state-icon" aria-hidden="true">
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6">
            <rect x="4" y="3" width="16" height="18" rx="2" />
            <path d="M8 8h8M8 12h8M8 16h5" strokeLinecap="round" />
          </svg>
        </div>
        <h2>No forms yet</h2>
        <p className="muted">
          Forms you create or import will be listed here. To import one from a JSON definition, run{" "}
          <code>npm run admin -- import-form</code> on the server.
        </p>
      </section>
    );
  }

  if (forms.length === 0) {
    return (
      <section className="card state">
        <h2>Nothing on page {page}</h2>
        <p className="muted">
          There {totalCount === 1 ? "is 1 form" : `are ${numberFormat.format(totalCount)} forms`} in {totalPages}{" "}
          {totalPages === 1 ? "page" : "pages"}.
        </p>
        <Link className="button" href="/forms">
          Go to the first page
        </Link>
      </section>
    );
  }

  const first = (page - 1) * perPage + 1;
  const last = first + forms.length - 1;

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
                  <time dateTime={form.createdAt} title={new Date(form.createdAt).toLocaleString()}>
                    {dateFormat.format(new Date(form.createdAt))}
                  </time>
                </td>
                <td className="num mono">{form.id}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className="pagination" aria-label="Pagination">
        <p className="muted">
          {totalPages === 1
            ? `${numberFormat.format(totalCount)} ${totalCount === 1 ? "form" : "forms"}`
            : `${first === last ? numberFormat.format(first) : `${numberFormat.format(first)}–${numberFormat.format(last)}`} of ${numberFormat.format(totalCount)}`}
        </p>
        {totalPages > 1 && (
          <div className="pagination-buttons">
            <PageLink page={page - 1} disabled={page <= 1} rel="prev">
              Previous
            </PageLink>
            <span className="muted">
              Page {page} of {totalPages}
            </span>
            <PageLink page={page + 1} disabled={page >= totalPages} rel="next">
              Next
            </PageLink>
          </div>
        )}
      </nav>
    </section>
  );
}

function PageLink({ page, disabled, rel, children }: { page: number; disabled: boolean; rel: string; children: string }) {
  if (disabled) {
    return (
      <span className="button button-small is-disabled" aria-disabled="true">
        {children}
      </span>
    );
  }
  return (
    <Link className="button button-small" href={page === 1 ? "/forms" : `/forms?page=${page}`} rel={rel}>
      {children}
    </Link>
  );
}

function LoadingTable() {
  return (
    <section className="card table-card" aria-busy="true" aria-live="polite">
      <p className="visually-hidden">Loading forms…</p>
      <div className="skeleton-list" aria-hidden="true">
        {Array.from({ length: 5 }, (_, i) => (
          <div className="skeleton-row" key={i}>
            <span className="skeleton skeleton-wide" />
            <span className="skeleton skeleton-badge" />
            <span className="skeleton skeleton-short" />
            <span className="skeleton skeleton-short" />
          </div>
        ))}
      </div>
    </section>
  );
}
