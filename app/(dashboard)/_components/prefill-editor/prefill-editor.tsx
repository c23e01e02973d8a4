"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { ErrorState } from "../list-states";
import { FieldInput } from "./field-input";
import type { EditorValue, EditorValues } from "./prefill-values";
import "./prefill-editor.css";

/**
 * The values of a prefill, for every field of the form the prefill rules know: one editor for
 * prefills and unique links. Only filled fields are sent (prefill-values.ts); `fieldError`
 * shows a service error beside its field.
 */
export function PrefillEditor({
  formUuid,
  values,
  onChange,
  fieldError,
  idPrefix = "prefill-field",
  hint = "Fill in the fields to prefill; empty ones are left for the respondent.",
}: {
  formUuid: string;
  values: EditorValues;
  onChange: (values: EditorValues) => void;
  fieldError: { fieldId: string; text: string } | null;
  idPrefix?: string;
  hint?: string;
}) {
  const fields = usePrefillFields(formUuid);
  if (fields.isPending) return <p className="muted">Loading the form&apos;s fields…</p>;
  if (fields.isError)
    return (
      <ErrorState
        title="Could not load the form's fields"
        error={fields.error}
        onRetry={() => fields.refetch()}
        retrying={fields.isFetching}
      />
    );
  const set = (id: string, value: EditorValue) => onChange({ ...values, [id]: value });
  return (
    <fieldset className="prefill-fields">
      <legend>Values</legend>
      <p className="hint">{hint}</p>
      {fields.data.fields.length === 0 ? (
        <p className="muted">This form has no fields to prefill.</p>
      ) : (
        <div className="field-grid">
          {fields.data.fields.map((field) => (
            <FieldInput
              key={field.id}
              field={field}
              idPrefix={idPrefix}
              value={values[field.id]}
              onChange={(v) => set(field.id, v)}
              error={fieldError?.fieldId === field.id ? fieldError.text : null}
            />
          ))}
        </div>
      )}
      {fields.data.apiOnly.length > 0 && (
        <p className="hint api-only">
          Prefilled through the API only: {fields.data.apiOnly.map((f) => `${f.label} (${f.type})`).join(", ")}.
        </p>
      )}
    </fieldset>
  );
}

/** The form's editable fields (cached per form, shared by every editor and the CSV upload). */
export function usePrefillFields(formUuid: string) {
  const trpc = useTRPC();
  return useQuery(trpc.prefills.listFields.queryOptions({ formUuid }));
}
