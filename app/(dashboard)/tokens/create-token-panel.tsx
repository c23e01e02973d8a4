"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { V1_SCOPES, V2_SCOPES } from "@/lib/scopes/token-scopes";
import { fieldErrors } from "../_components/field-errors";
import { FormFailure } from "../_components/form-failure";
import { PanelForm } from "../_components/panel-form";
import { TextField } from "@/app/_components/text-field";
import { ScopeChoices } from "./scope-choices";

/**
 * A new token: name, scopes and (v2) an optional set of forms; (v1) for `formUuid`. Errors
 * are shown by their field; `onCreated` gets the token, which the page then shows once.
 */
export function CreateTokenPanel({
  kind,
  formUuid,
  onCreated,
  onClose,
}: {
  kind: "v1" | "v2";
  formUuid?: string;
  onCreated: (created: { name: string; token: string }) => void;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<string[]>([]);
  const [limit, setLimit] = useState(false);
  const [formUuids, setFormUuids] = useState<string[]>([]);
  const forms = useQuery({ ...trpc.forms.listOptions.queryOptions(), enabled: kind === "v2" });
  const create = useMutation(
    trpc.tokens.create.mutationOptions({
      onSuccess: async (created) => {
        onCreated({ name: name.trim(), token: created.token });
        await queryClient.invalidateQueries(trpc.tokens.list.pathFilter());
      },
    }),
  );
  const errors = fieldErrors(create.error);
  // Once a field changes, the last answer's errors no longer describe the form.
  const edited =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      if (create.isError) create.reset();
    };
  const titleId = `${id}-title`;

  return (
    <PanelForm
      titleId={titleId}
      title={kind === "v2" ? "New API token" : "New form token (v1)"}
      label="Create token"
      pendingLabel="Creating…"
      pending={create.isPending}
      onCancel={onClose}
      onSubmit={() => {
        if (kind === "v1") create.mutate({ kind, name, scopes: scopes as (typeof V1_SCOPES)[number][], formUuid: formUuid ?? "" });
        else create.mutate({ kind, name, scopes: scopes as (typeof V2_SCOPES)[number][], formUuids: limit ? formUuids : [] });
      }}
    >
      <TextField
        id={`${id}-name`}
        label="Name"
        value={name}
        onChange={(e) => edited(setName)(e.target.value)}
        maxLength={100}
        autoComplete="off"
        autoFocus
        hint="What uses it, e.g. “CRM sync”."
        error={errors.byField.name}
      />
      <ScopeChoices
        idPrefix={id}
        scopes={kind === "v2" ? V2_SCOPES : V1_SCOPES}
        value={scopes}
        onChange={edited(setScopes)}
        error={errors.byField.scopes}
      />
      {kind === "v2" && (
        <fieldset className="plain">
          <legend>Forms</legend>
          <label className="toggle">
            <input type="checkbox" checked={limit} onChange={(e) => setLimit(e.target.checked)} />
            Only some forms (otherwise every form, including new ones)
          </label>
          {limit && forms.data && (
            <div className="form-choices" role="group" aria-label="Forms the token may use">
              {forms.data.forms.map((f) => (
                <label key={f.uuid} className="choice">
                  <input
                    type="checkbox"
                    checked={formUuids.includes(f.uuid)}
                    onChange={(e) => setFormUuids((v) => (e.target.checked ? [...v, f.uuid] : v.filter((x) => x !== f.uuid)))}
                  />
                  {f.name}
                </label>
              ))}
            </div>
          )}
          {errors.byField.formUuids && <p className="field-error">{errors.byField.formUuids}</p>}
        </fieldset>
      )}
      {errors.byField.formUuid && <p className="field-error">{errors.byField.formUuid}</p>}
      {create.isError && <FormFailure other={errors.other} />}
    </PanelForm>
  );
}
