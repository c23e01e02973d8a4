"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { actionsColumn, dateColumn } from "../../_components/data-table/common-columns";
import { DataTable } from "../../_components/data-table/data-table";
import { EmptyState } from "../../_components/list-states";
import { Notice } from "../../_components/notice";
import { PageHeader } from "../../_components/page-header";
import { FORMS_TRASH_PATH, formPath } from "../form-paths";
import "../forms.css";
import { FORM_LEAD_COLUMNS, formsPaging, type ListedForm } from "../form-columns";

/** The server's order (listTrashedForms): most recently trashed first. */
const TRASHED_FIRST = { sorting: [{ id: "trashed", desc: true }] };

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

  const columns = [
    ...FORM_LEAD_COLUMNS,
    dateColumn<ListedForm>("trashed", "Trashed", (form) => form.trashedAt),
    actionsColumn<ListedForm>(
      (form) => (
        <button type="button" className="button button-small" onClick={() => restore.mutate({ formUuid: form.uuid })} disabled={restore.isPending}>
          Restore<span className="visually-hidden"> {form.name}</span>
        </button>
      ),
      "forms-cell-actions",
    ),
  ];

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
      <DataTable
        caption="Trashed forms"
        columns={columns}
        query={query}
        loading="Loading the trash…"
        failed="Could not load the trash"
        rows={query.data?.forms}
        rowId={(form) => String(form.id)}
        className="forms-table"
        paging={formsPaging(query.data, page, FORMS_TRASH_PATH)}
        sort={TRASHED_FIRST}
        empty={
          <EmptyState title="The trash is empty" action={<Link href="/forms" className="button">Back to forms</Link>}>
            Forms you move to the trash are listed here until you restore them.
          </EmptyState>
        }
      />
    </>
  );
}
