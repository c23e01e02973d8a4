"use client";

import { useMutation, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import Link from "next/link";
import type { ReactNode } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import type { FormElement } from "@/db/schema";
import type { AppRouter } from "@/server/routers/app/router";
import { dataColumns } from "../_components/data-table/columns";
import { DataTable } from "../_components/data-table/data-table";
import { DeleteSelectedDialog } from "../_components/data-table/delete-selected";
import { useSelectableList } from "../_components/data-table/selectable-list";
import { DateTime } from "../_components/date-time";
import { countOf, dateTimeFormat } from "../_components/format";
import { EmptyState } from "../_components/list-states";
import { SurveyUrl } from "../_components/survey-url";
import type { FormOption } from "../_components/use-form-scope";
import { compactAnswer } from "./answers";
import type { SortField } from "./use-submission-params";

type ListOutput = inferRouterOutputs<AppRouter>["submissions"]["list"];
type Submission = ListOutput["submissions"][number];

const column = dataColumns<Submission>();
const nameOf = (s: Submission) => `submission of ${dateTimeFormat.format(new Date(s.createdAt))}`;

/**
 * "Submitted": the submission's date and time, which opens it (within the table's set, for its
 * Previous and Next); the column the server sorts by `created_at`, kept in sight.
 */
const submittedColumn = (hrefOf: (id: string) => string) =>
  column.accessor((s) => s.createdAt, {
    id: "created_at",
    header: "Submitted",
    meta: { className: "nowrap sticky-col" },
    cell: ({ row: { original: s } }) => (
      <>
        <Link href={hrefOf(s.id)} className="cell-title" aria-label={`Open ${nameOf(s)}`}>
          <DateTime at={s.createdAt} withTime />
        </Link>
        {s.spam && <span className="badge badge-danger">Spam</span>}
      </>
    ),
  });

/** A column per element of the form: its answer in one line (the whole of it on hover). */
const answerColumn = (el: FormElement) =>
  column.display({
    id: `answer:${el.id}`,
    header: el.label,
    meta: { className: "answer-cell" },
    cell: ({ row }) => {
      const text = compactAnswer(el, row.original.data[el.id]);
      return (
        <span className="answer-text" title={text}>
          {text}
        </span>
      );
    },
  });

/**
 * One form's submissions, a page at a time, in the server's order: the Submitted header sorts
 * by date (the Sort menu above offers the other orders). Checked rows can be marked as spam or
 * not, or deleted. Wide forms scroll sideways in the table's own region; at ≤ 760 px each
 * submission is a card with every answer labelled.
 */
export function SubmissionsTable({
  form,
  query,
  page,
  sort,
  filtered,
  failure,
  onPage,
  onSort,
  onNotice,
  onClearFilters,
  detailHref,
}: {
  form: FormOption;
  query: UseQueryResult<ListOutput, unknown>;
  page: number;
  sort: { field: SortField; order: "asc" | "desc" };
  /** Filters or a spam view narrow the list. */
  filtered: boolean;
  failure?: ReactNode;
  onPage: (page: number) => void;
  onSort: (field: SortField, order: "asc" | "desc") => void;
  onNotice: (text: string) => void;
  onClearFilters?: () => void;
  /** Where a row's link opens the submission. */
  detailHref: (id: string) => string;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries(trpc.submissions.pathFilter());
  const data = query.data;
  const list = useSelectableList({
    formUuid: form.uuid,
    page,
    onPage,
    onNotice,
    query,
    rows: data?.submissions,
    viewKey: `${page}|${data?.total}`,
    noun: ["submission", "submissions"],
    nameOf: (s) => dateTimeFormat.format(new Date(s.createdAt)),
    mutation: trpc.submissions.bulkDelete.mutationOptions(),
    refresh,
  });
  const { selection } = list;
  const spam = useMutation(
    trpc.submissions.markSpam.mutationOptions({
      onSuccess: async ({ updated }, input) => {
        selection.clear();
        onNotice(`Marked ${countOf(updated, "submission", "submissions")} as ${input.spam ? "spam" : "not spam"}.`);
        await refresh();
      },
    }),
  );
  const markSpam = (flag: boolean) => spam.mutate({ formUuid: form.uuid, ids: selection.selected, spam: flag });
  const columns = [
    submittedColumn(detailHref),
    ...(data?.form.elements ?? []).filter((el) => el && typeof el.id === "string").map(answerColumn),
  ];

  return (
    <DataTable
      {...list.table}
      selection={{
        ...list.table.selection,
        nameOf,
        actions: (
          <>
            <button type="button" className="button button-small" disabled={spam.isPending} onClick={() => markSpam(true)}>
              Mark as spam
            </button>
            <button type="button" className="button button-small" disabled={spam.isPending} onClick={() => markSpam(false)}>
              Not spam
            </button>
          </>
        ),
        error: spam.isError && (
          <p className="field-error" role="alert">
            {errorMessage(spam.error)}
          </p>
        ),
      }}
      caption={`Submissions of ${form.name}`}
      columns={columns}
      loading="Loading submissions…"
      failed="Could not load the submissions"
      failure={failure}
      className="submissions-table"
      wide
      sort={{
        sorting: sort.field === "created_at" ? [{ id: "created_at", desc: sort.order === "desc" }] : [],
        onSort: (next) => onSort("created_at", next.desc ? "desc" : "asc"),
      }}
      filtered={
        filtered && (
          <EmptyState title="No matching submissions" button={{ label: "Clear filters", onClick: onClearFilters }}>
            No submission matches these filters and this view.
          </EmptyState>
        )
      }
      empty={
        <EmptyState title="No submissions yet" action={data && <SurveyUrl url={data.form.surveyUrl} what={`link to ${form.name}`} />}>
          Nobody has answered <strong>{form.name}</strong> yet. Share the form&apos;s link below; every answer sent through it appears here.
        </EmptyState>
      }
    >
      <DeleteSelectedDialog flow={list.remove} chosen={list.chosen}>
        <p>Their answers are gone for good, and the form&apos;s webhooks are told of each deletion. This cannot be undone.</p>
      </DeleteSelectedDialog>
    </DataTable>
  );
}
