"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { useUrlState } from "./use-url-state";

export type { FormOption } from "@/server/services/forms/list-form-options";

/** The form last picked on a form-scoped page, so Prefills and Unique links open on the same one. */
const LAST_FORM_KEY = "formhouse.lastForm";

function readLastForm(): string | null {
  try {
    return window.localStorage.getItem(LAST_FORM_KEY);
  } catch {
    return null;
  }
}

function writeLastForm(uuid: string) {
  try {
    window.localStorage.setItem(LAST_FORM_KEY, uuid);
  } catch {
    // Storage may be disabled; the URL still holds the choice.
  }
}

/**
 * The form a page works on, from `?form=<uuid or id>`. Without one, the page opens on the
 * form picked last (else the first) and writes it into the URL. `selected` is null when the
 * URL names a form the organization does not have.
 */
export function useFormScope() {
  const trpc = useTRPC();
  const query = useQuery(trpc.forms.listOptions.queryOptions());
  const { params, setParams } = useUrlState();
  const ref = params.get("form");
  const forms = query.data?.forms;

  const selected = forms && ref ? (forms.find((f) => f.uuid === ref.toLowerCase() || String(f.id) === ref) ?? null) : null;

  useEffect(() => {
    if (!forms?.length || ref) return;
    const last = readLastForm();
    const pick = forms.find((f) => f.uuid === last) ?? forms[0]!;
    setParams({ form: pick.uuid }, "replace");
  }, [forms, ref, setParams]);

  const selectedUuid = selected?.uuid;
  useEffect(() => {
    if (selectedUuid) writeLastForm(selectedUuid);
  }, [selectedUuid]);

  /** Another form: its first page, no search. */
  const select = useCallback((uuid: string) => setParams({ form: uuid, page: null, q: null }, "push"), [setParams]);

  return {
    query,
    forms,
    selected,
    /** The URL names no form yet (it is about to be filled in). */
    choosing: Boolean(forms?.length) && !ref,
    select,
  };
}
