"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { actionsColumn, dateColumn } from "../../_components/data-table/common-columns";
import { EmptyState } from "../../_components/list-states";
import { Notice } from "../../_components/notice";
import { PageHeader } from "../../_components/page-header";
import { formPath } from "../form-paths";
import "../forms.css";
import { FormList, type DashboardFormRow } from "../form-list";

/** Trashed forms, most recently trashed first, each with Restore. */
export function TrashView({ page }: { page: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
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
    dateColumn<DashboardFormRow>("trashed", "Trashed", (form) => form.trashedAt),
    actionsColumn<DashboardFormRow>(
      (form) => (
        <button
          type="button"
          className="button button-small"
          onClick={() => restore.mutate({ formUuid: form.uuid })}
          disabled={restore.isPending}
        >
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
      <FormList
        list="trash"
        page={page}
        columns={columns}
        empty={
          <EmptyState
            title="The trash is empty"
            action={
              <Link href="/forms" className="button">
                Back to forms
              </Link>
            }
          >
            Forms you move to the trash are listed here until you restore them.
          </EmptyState>
        }
      />
    </>
  );
}
