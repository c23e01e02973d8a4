"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { AlertError } from "@/app/_components/alert-error";
import { ModalDialog } from "../_components/modal-dialog";
import { FormButtons, SubmitForm } from "../_components/panel-form";
import { fieldIssue } from "./field-issue";
import { FormNameField } from "./form-name-field";
import { formBuilderPath } from "./form-paths";

/**
 * "New form": a name, then an empty draft is created and the builder opens on it. A modal
 * dialog: focus stays inside, Escape closes, focus returns to the opener.
 */
export function NewFormDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const titleId = useId();
  const [name, setName] = useState("");
  const create = useMutation(trpc.forms.create.mutationOptions({ onSuccess: ({ uuid }) => router.push(formBuilderPath(uuid)) }));
  // Pending until the builder has loaded: the dialog stays, so nothing can be sent twice.
  const busy = create.isPending || create.isSuccess;
  const nameError = create.isError ? fieldIssue(create.error, "name") : null;
  const otherError = create.isError && !nameError ? errorMessage(create.error) : null;

  const close = () => {
    setName("");
    create.reset();
    onClose();
  };

  return (
    <ModalDialog open={open} labelledBy={titleId} pending={busy} onCancel={close}>
      <SubmitForm onSubmit={() => !busy && create.mutate({ name })}>
        <h2 id={titleId}>New form</h2>
        <div className="dialog-body">
          <p>Name it now; you add the questions in the builder next. It stays a draft until you publish it.</p>
          <FormNameField
            id="new-form-name"
            label="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. Customer feedback"
            error={nameError}
            autoFocus
          />
        </div>
        <AlertError>{otherError}</AlertError>
        <FormButtons className="dialog-actions" label="Create form" pendingLabel="Creating…" pending={busy} onCancel={close} />
      </SubmitForm>
    </ModalDialog>
  );
}
