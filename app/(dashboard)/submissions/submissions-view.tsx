"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import Link from "next/link";
import { useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorAt } from "@/app/_trpc/errors";
import { FormScopedPage } from "../_components/form-scoped-page";
import { Notice } from "../_components/notice";
import type { FormOption } from "../_components/use-form-scope";
import { SubmissionCharts } from "./charts";
import { FilterBuilder } from "./filter-builder";
import { SubmissionsTable } from "./submissions-table";
import { useSubmissionParams, type SortField, type SpamView } from "./use-submission-params";
import "./submissions.css";

export function SubmissionsView() {
  return (
    <FormScopedPage
      title="Submissions"
      description="The answers your forms receive: filter them, open one to read or correct it, and download them as CSV."
      items="Submissions"
      noForms={
        <>
          Submissions belong to a form, and your organization has none yet. Create one on the <Link href="/forms">Forms</Link> page and
          share its link; the answers appear here.
        </>
      }
    >
      {(form) => <FormSubmissions key={form.uuid} form={form} />}
    </FormScopedPage>
  );
}

const SORTS: { value: string; label: string }[] = [
  { value: "created_at:desc", label: "Newest first" },
  { value: "created_at:asc", label: "Oldest first" },
  { value: "updated_at:desc", label: "Recently updated" },
  { value: "updated_at:asc", label: "Least recently updated" },
  { value: "duration:asc", label: "Quickest to answer" },
  { value: "duration:desc", label: "Slowest to answer" },
];

/** One form's submissions: the view and sort, the filters, the charts and the table. */
function FormSubmissions({ form }: { form: FormOption }) {
  const trpc = useTRPC();
  const p = useSubmissionParams();
  const [notice, setNotice] = useState<string | null>(null);
  const set = { formUuid: form.uuid, filters: p.filters, view: p.view };
  const query = useQuery({
    ...trpc.submissions.list.queryOptions({ ...set, page: p.page, sort: p.sort }),
    placeholderData: keepPreviousData,
    retry: false,
  });

  // v2's message about filter i comes back with the path ["filters", i]: shown beside that filter.
  const at = query.isError ? errorAt(query.error) : null;
  const filterIndex = at?.path?.[0] === "filters" && typeof at.path[1] === "number" ? at.path[1] : null;
  const rawMessage = query.error instanceof TRPCClientError ? query.error.message : null;
  const errors: Record<number, string> = filterIndex !== null && rawMessage ? { [filterIndex]: rawMessage } : {};
  const fields = query.data?.filterFields ?? [];

  return (
    <>
      <div className="toolbar submissions-toolbar">
        <div className="field field-inline">
          <label htmlFor="spam-view">Show</label>
          <select id="spam-view" value={p.view} onChange={(e) => p.setView(e.target.value as SpamView)}>
            <option value="not_spam">Not spam</option>
            <option value="spam">Spam</option>
            <option value="all">All submissions</option>
          </select>
        </div>
        <div className="field field-inline">
          <label htmlFor="sort">Sort</label>
          <select
            id="sort"
            value={`${p.sort.field}:${p.sort.order}`}
            onChange={(e) => {
              const [field, order] = e.target.value.split(":") as [SortField, "asc" | "desc"];
              p.setSort(field, order);
            }}
          >
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div className="toolbar-actions">
          <a className="button" href={p.exportHref(form.uuid)} download>
            Download CSV
          </a>
        </div>
      </div>
      <FilterBuilder fields={fields} applied={p.filters} errors={errors} onChange={p.setFilters} />
      {notice && <Notice onDismiss={() => setNotice(null)}>{notice}</Notice>}
      <SubmissionsTable
        form={form}
        query={query}
        page={p.page}
        sort={p.sort}
        filtered={p.filters.length > 0 || p.view === "spam"}
        failure={
          filterIndex !== null && (
            <section className="card state">
              <h2>Fix the filter to see submissions</h2>
              <p className="muted">The filter marked above cannot be applied as it is. Remove it, or add it again with another value.</p>
            </section>
          )
        }
        onPage={p.setPage}
        onSort={p.setSort}
        onNotice={setNotice}
        onClearFilters={p.filters.length ? () => p.setFilters([]) : undefined}
        detailHref={(id) => p.detailHref(form.uuid, id)}
      />
      {query.isSuccess && (query.data.total > 0 || p.filters.length > 0 || p.view === "spam") && (
        <SubmissionCharts formUuid={form.uuid} filters={p.filters} view={p.view} />
      )}
    </>
  );
}
