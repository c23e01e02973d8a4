"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { ConfirmDialog } from "../_components/confirm-dialog";

/** Asks before a form goes to the trash, and says what that does; `onTrashed` after it went. */
export function TrashFormDialog({
  form,
  onClose,
  onTrashed,
}: {
  /** The form to ask about; null keeps the dialog closed. */
  form: { uuid: string; name: string } | null;
  onClose: () => void;
  onTrashed: (form: { uuid: string; name: string }) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const trash = useMutation(
    trpc.forms.trash.mutationOptions({
      onSuccess: async (trashed) => {
        await queryClient.invalidateQueries(trpc.forms.pathFilter());
        onTrashed(trashed);
      },
    }),
  );
  return (
    <ConfirmDialog
      open={form !== null}
      title="Move this form to the trash?"
      confirmLabel="Move to trash"
      pendingLabel="Moving…"
      pending={trash.isPending}
      error={trash.isError ? errorMessage(trash.error) : null}
      onConfirm={() => form && trash.mutate({ formUuid: form.uuid })}
      onCancel={() => {
        trash.reset();
        onClose();
      }}
    >
      <p>
        <strong className="trash-dialog-name">{form?.name}</strong>
      </p>
      <p>
        Its survey link stops working and the API no longer shows it. Its submissions are kept: restore it from the trash to bring
        everything back.
      </p>
    </ConfirmDialog>
  );
}
