"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { actionsColumn, dateColumn, surveyLinkColumn } from "../_components/data-table/common-columns";
import { EmptyState, FormIcon } from "../_components/list-states";
import { FormList, type DashboardFormRow } from "./form-list";
import { FORMS_TRASH_PATH, formPath } from "./form-paths";
import { TrashFormDialog } from "./trash-form-dialog";

/**
 * The forms of the organization, newest first: a table on wide screens, one card per form on
 * narrow ones, so nothing scrolls sideways. Each form's name opens its page.
 */
export function FormsTable({ page, onCreate, onNotice }: { page: number; onCreate: () => void; onNotice: (notice: ReactNode) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
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

  const columns = [
    dateColumn<DashboardFormRow>("updated", "Updated", (form) => form.updatedAt),
    surveyLinkColumn<DashboardFormRow>(
      (form) => form.url,
      (form) => `survey link of ${form.name}`,
    ),
    actionsColumn<DashboardFormRow>(
      (form) => (
        <>
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
        </>
      ),
      "forms-cell-actions",
    ),
  ];

  return (
    <FormList
      list="live"
      page={page}
      columns={columns}
      empty={
        <EmptyState icon={<FormIcon />} title="No forms yet" button={{ label: "Create your first form", onClick: onCreate, primary: true }}>
          Create a form, add its questions in the builder, then publish it and share its link.
        </EmptyState>
      }
    >
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
    </FormList>
  );
}
