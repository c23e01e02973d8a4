"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorAt, errorMessage } from "@/app/_trpc/errors";
import { PanelError, PanelForm } from "../_components/panel-form";
import { PrefillEditor, usePrefillFields } from "../_components/prefill-editor/prefill-editor";
import { fieldErrorOf, toPrefillData, type EditorValues } from "../_components/prefill-editor/prefill-values";
import type { FormOption } from "../_components/use-form-scope";

/** A name and values for the form's fields (the shared prefill editor); only filled fields are stored. */
export function CreatePrefillPanel({
  form,
  onClose,
  onCreated,
}: {
  form: FormOption;
  onClose: () => void;
  onCreated: (prefill: { id: string; name: string; url: string }) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const fields = usePrefillFields(form.uuid);
  const [name, setName] = useState("");
  const [values, setValues] = useState<EditorValues>({});
  const [sent, setSent] = useState<{ id: string }[]>([]);

  const create = useMutation(
    trpc.prefills.create.mutationOptions({
      onSuccess: async (prefill) => {
        await queryClient.invalidateQueries(trpc.prefills.list.pathFilter());
        onCreated(prefill);
      },
    }),
  );

  const message = create.isError ? errorMessage(create.error) : null;
  const fieldError = create.isError ? fieldErrorOf(errorAt(create.error), sent) : null;

  return (
    <PanelForm
      titleId="new-prefill-title"
      title="New prefill"
      form={form}
      label="Create prefill"
      pendingLabel="Creating…"
      disabled={!fields.data}
      pending={create.isPending}
      onSubmit={() => {
        const prefillData = toPrefillData(fields.data?.fields ?? [], values);
        setSent(prefillData);
        create.mutate({ formUuid: form.uuid, name, prefillData });
      }}
      onCancel={onClose}
    >
      <div className="field field-name">
        <label htmlFor="prefill-name">Name</label>
        <input
          id="prefill-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={255}
          placeholder="e.g. Ada Lovelace"
          aria-describedby="prefill-name-hint"
          autoFocus
          autoComplete="off"
        />
        <p className="hint" id="prefill-name-hint">
          For you to find it again; respondents do not see it.
        </p>
      </div>

      <PrefillEditor formUuid={form.uuid} values={values} onChange={setValues} fieldError={fieldError} />

      <PanelError message={message} atField={Boolean(fieldError)} />
    </PanelForm>
  );
}
