"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorAt, errorMessage } from "@/app/_trpc/errors";
import type { AppRouter } from "@/server/routers/app/router";
import { CreatePanel } from "../_components/create-panel";
import { ErrorState } from "../_components/list-states";
import type { FormOption } from "../_components/use-form-scope";
import { fieldErrorOf, toPrefillData, type EditorValues } from "./prefill-values";

type Fields = inferRouterOutputs<AppRouter>["prefills"]["listFields"];
type Field = Fields["fields"][number];

/** A name and values for the form's simple fields; only filled fields are stored. */
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
  const fields = useQuery(trpc.prefills.listFields.queryOptions({ formUuid: form.uuid }));
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
  const set = (id: string, value: string | string[]) => setValues((v) => ({ ...v, [id]: value }));

  return (
    <CreatePanel
      titleId="new-prefill-title"
      title="New prefill"
      form={form}
      submitLabel="Create prefill"
      canSubmit={Boolean(fields.data)}
      pending={create.isPending}
      onSubmit={() => {
        const prefillData = toPrefillData(fields.data?.fields ?? [], values);
        setSent(prefillData);
        create.mutate({ formUuid: form.uuid, name, prefillData });
      }}
      onClose={onClose}
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

      {fields.isPending && <p className="muted">Loading the form&apos;s fields…</p>}
      {fields.isError && <ErrorState title="Could not load the form's fields" error={fields.error} onRetry={() => fields.refetch()} retrying={fields.isFetching} />}
      {fields.data && (
        <fieldset className="prefill-fields">
          <legend>Values</legend>
          <p className="hint">Fill in the fields to prefill; empty ones are left for the respondent.</p>
          {fields.data.fields.length === 0 ? (
            <p className="muted">This form has no fields the dashboard can prefill.</p>
          ) : (
            <div className="field-grid">
              {fields.data.fields.map((field) => (
                <FieldInput
                  key={field.id}
                  field={field}
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
      )}

      {message && !fieldError && (
        <p className="alert alert-error" role="alert">
          {message}
        </p>
      )}
      {fieldError && (
        <p className="visually-hidden" role="alert">
          {message}
        </p>
      )}
    </CreatePanel>
  );
}

const TEXT_INPUT: Partial<Record<Field["input"], string>> = { text: "text", email: "email", number: "number", date: "date", phone: "tel" };

function FieldInput({ field, value, onChange, error }: { field: Field; value: string | string[] | undefined; onChange: (v: string | string[]) => void; error: string | null }) {
  const id = `prefill-field-${field.id}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = error ? `${hintId} ${errorId}` : hintId;
  const text = typeof value === "string" ? value : "";
  // The element type (and the phone format) describes the field; it is not part of its name.
  const type = (
    <span className="field-type" id={hintId}>
      {field.type}
      {field.input === "phone" && (field.countrySelector ? " · +44-2071234567" : " · local number")}
    </span>
  );
  const problem = error && (
    <p className="field-error" id={errorId}>
      {error}
    </p>
  );

  if (field.input === "checkboxes") {
    const checked = Array.isArray(value) ? value : [];
    return (
      <fieldset className={error ? "field-choices is-invalid" : "field-choices"} aria-describedby={describedBy}>
        <legend className="visually-hidden">{field.label}</legend>
        <div className="field-label" aria-hidden="true">
          <span className="field-label-text">{field.label}</span>
          {type}
        </div>
        <div className="choices">
          {field.options.map((o) => (
            <label key={o.id} className="choice">
              <input
                type="checkbox"
                checked={checked.includes(o.id)}
                onChange={(e) => onChange(e.target.checked ? [...checked, o.id] : checked.filter((x) => x !== o.id))}
              />
              {o.label}
            </label>
          ))}
        </div>
        {problem}
      </fieldset>
    );
  }

  const common = { id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined } as const;
  let input;
  if (field.input === "choice") {
    input = (
      <select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
        <option value="">Not prefilled</option>
        {field.options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else if (field.input === "textarea") {
    input = <textarea {...common} rows={3} value={text} onChange={(e) => onChange(e.target.value)} />;
  } else {
    input = (
      <input
        {...common}
        type={TEXT_INPUT[field.input] ?? "text"}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        step={field.input === "number" ? "any" : undefined}
        autoComplete="off"
      />
    );
  }
  return (
    <div className={error ? "field is-invalid" : "field"}>
      <div className="field-label">
        <label htmlFor={id}>{field.label}</label>
        {type}
      </div>
      {input}
      {problem}
    </div>
  );
}
