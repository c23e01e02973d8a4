"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { fieldIssue } from "../field-issue";
import { FormNameField } from "../form-name-field";

/**
 * The page's heading, renamed in place: Rename swaps it for a field (Enter saves, Escape
 * cancels); the server's name rule answers, and its message stands under the field.
 */
export function FormName({ form, editable }: { form: { uuid: string; name: string }; editable: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(form.name);
  const renameButton = useRef<HTMLButtonElement>(null);
  const rename = useMutation(
    trpc.forms.rename.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.forms.pathFilter()),
    }),
  );
  const nameError = rename.isError ? fieldIssue(rename.error, "name") : null;
  const otherError = rename.isError && !nameError ? errorMessage(rename.error) : null;

  // Back to the button that opened the field once it is gone, for keyboard users.
  const wasEditing = useRef(false);
  useEffect(() => {
    if (!editing && wasEditing.current) renameButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  function stop() {
    setEditing(false);
    rename.reset();
  }

  if (!editing) {
    return (
      <>
        <h1>{form.name}</h1>
        {editable && (
          <button
            ref={renameButton}
            type="button"
            className="button button-small"
            onClick={() => {
              setValue(form.name);
              setEditing(true);
            }}
          >
            Rename<span className="visually-hidden"> form</span>
          </button>
        )}
      </>
    );
  }

  return (
    <form
      className="form-rename"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        rename.mutate({ formUuid: form.uuid, name: value }, { onSuccess: stop });
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape" && !rename.isPending) stop();
      }}
    >
      {/* The page keeps a level-1 heading while the name is edited. */}
      <h1 className="visually-hidden">{form.name}</h1>
      <FormNameField
        id="form-name"
        label="Form name"
        hideLabel
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={nameError ?? otherError}
        invalid={nameError !== null}
        autoFocus
      />
      <div className="form-rename-actions">
        <button type="submit" className="button button-primary" disabled={rename.isPending} aria-busy={rename.isPending}>
          {rename.isPending ? "Saving…" : "Save"}
        </button>
        <button type="button" className="button" onClick={stop} disabled={rename.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
