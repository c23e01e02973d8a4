"use client";

import { useMutation, type UseMutationOptions } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { errorMessage } from "@/app/_trpc/errors";
import { ConfirmDialog } from "../confirm-dialog";
import { countOf, type Noun } from "../format";
import type { RowSelection } from "./row-selection";

/**
 * "Delete selected" on a page of one form's list: ask first, then delete the checked rows.
 * Once done the selection clears, the count is announced, and a page the delete emptied
 * gives way to the one before it.
 */
export function useDeleteSelected<TError>({
  mutation,
  formUuid,
  selection,
  noun,
  page,
  shown,
  onPage,
  onNotice,
  refresh,
}: {
  /** The bulk delete, e.g. `trpc.prefills.bulkDelete.mutationOptions()`. */
  mutation: UseMutationOptions<{ deleted: number }, TError, { formUuid: string; ids: string[] }>;
  formUuid: string;
  selection: RowSelection;
  /** What a row is, for the question and the notice: ["unique link", "unique links"]. */
  noun: Noun;
  page: number;
  /** How many rows the page shows. */
  shown: number;
  onPage: (page: number) => void;
  onNotice: (text: string) => void;
  /** Reloads what the delete changed. */
  refresh: () => Promise<unknown>;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    ...mutation,
    onSuccess: async ({ deleted }) => {
      setConfirming(false);
      selection.clear();
      onNotice(`Deleted ${countOf(deleted, ...noun)}.`);
      // The page emptied: show the one before it.
      if (page > 1 && deleted >= shown) onPage(page - 1);
      await refresh();
    },
  });

  return {
    noun,
    confirming,
    pending: remove.isPending,
    error: remove.isError ? errorMessage(remove.error) : null,
    /** Opens the question, without the error of an earlier attempt. */
    ask: () => {
      remove.reset();
      setConfirming(true);
    },
    cancel: () => setConfirming(false),
    confirm: () => remove.mutate({ formUuid, ids: selection.selected }),
  };
}

export type DeleteSelected = ReturnType<typeof useDeleteSelected>;

/** The question before deleting `chosen`: what happens (`children`), then the first five names. */
export function DeleteSelectedDialog({
  flow,
  chosen,
  children,
}: {
  flow: DeleteSelected;
  chosen: { id: string; name: string }[];
  children: ReactNode;
}) {
  return (
    <ConfirmDialog
      open={flow.confirming}
      title={`Delete ${countOf(chosen.length, ...flow.noun)}?`}
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      pending={flow.pending}
      error={flow.error}
      onCancel={flow.cancel}
      onConfirm={flow.confirm}
    >
      {children}
      <ul className="dialog-list">
        {chosen.slice(0, 5).map((row) => (
          <li key={row.id}>{row.name}</li>
        ))}
        {chosen.length > 5 && <li className="muted">and {chosen.length - 5} more</li>}
      </ul>
    </ConfirmDialog>
  );
}
