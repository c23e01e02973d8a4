"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorAt, errorIssues, errorMessage } from "@/app/_trpc/errors";
import { PanelError, PanelForm } from "../_components/panel-form";
import { countOf } from "../_components/format";
import { PrefillEditor, usePrefillFields } from "../_components/prefill-editor/prefill-editor";
import { fieldErrorOf, toPrefillData, type EditorValues, type PrefillEntry } from "../_components/prefill-editor/prefill-values";
import type { FormOption } from "../_components/use-form-scope";
import { issueReason } from "./csv/csv-links";
import { endOfLocalDay, entryNamesOf, localToday } from "./entry-names";

/**
 * Many links at once: one entry name per line, an optional expiry and prefilled values for all
 * of them (each link gets its own copy, the prefill editor's).
 */
export function CreateLinksPanel({
  form,
  onClose,
  onCreated,
}: {
  form: FormOption;
  onClose: () => void;
  onCreated: (count: number) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const fields = usePrefillFields(form.uuid);
  const [text, setText] = useState("");
  const [expiresOn, setExpiresOn] = useState("");
  const [values, setValues] = useState<EditorValues>({});
  const [sent, setSent] = useState<PrefillEntry[]>([]);
  const names = entryNamesOf(text);

  const create = useMutation(
    trpc.uniqueLinks.bulkCreate.mutationOptions({
      onSuccess: async ({ uniqueLinks }) => {
        await queryClient.invalidateQueries(trpc.uniqueLinks.pathFilter());
        onCreated(uniqueLinks.length);
      },
    }),
  );

  // Every link carries the same values, so a problem with link n's values is a problem with the editor's.
  const at = create.isError ? errorAt(create.error) : null;
  const fieldError = at?.path?.[0] === "unique_links" ? fieldErrorOf({ path: at.path.slice(2), reason: at.reason }, sent) : null;
  const message = create.isError ? panelMessage(create.error, names) : null;

  return (
    <PanelForm
      titleId="new-links-title"
      title="New unique links"
      form={form}
      label={names.length ? `Create ${countOf(names.length, "link", "links")}` : "Create links"}
      pendingLabel="Creating…"
      disabled={names.length === 0 || !fields.data}
      pending={create.isPending}
      onSubmit={() => {
        const prefillData = toPrefillData(fields.data?.fields ?? [], values);
        setSent(prefillData);
        const expiresAt = expiresOn ? endOfLocalDay(expiresOn) : undefined;
        create.mutate({ formUuid: form.uuid, links: names.map((entryName) => ({ entryName, expiresAt, prefillData })) });
      }}
      onCancel={onClose}
    >
      <div className="panel-grid">
        <div className="field">
          <label htmlFor="entry-names">Entry names</label>
          <textarea
            id="entry-names"
            className="textarea"
            rows={6}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={"alice@example.com\nbob@example.com"}
            aria-describedby="entry-names-hint"
            autoFocus
            spellCheck={false}
          />
          <p className="hint" id="entry-names-hint">
            <span className="hint-count">{names.length ? countOf(names.length, "link", "links") : "No names yet"}</span> · One link per
            line, e.g. the recipient&apos;s email. Blank lines are ignored; up to 100 at a time.
          </p>
        </div>
        <div className="field">
          <label htmlFor="expires-on">
            Expires on<span className="optional">optional</span>
          </label>
          <input
            id="expires-on"
            type="date"
            value={expiresOn}
            min={localToday()}
            onChange={(e) => setExpiresOn(e.target.value)}
            aria-describedby="expires-on-hint"
          />
          <p className="hint" id="expires-on-hint">
            The links stop working at the end of this day (your time zone). Leave empty for no expiry.
          </p>
        </div>
      </div>
      <PrefillEditor
        formUuid={form.uuid}
        values={values}
        onChange={setValues}
        fieldError={fieldError}
        idPrefix="link-field"
        hint="Values every new link starts with; empty fields are left for the respondent."
      />
      <PanelError message={message} atField={Boolean(fieldError)} />
    </PanelForm>
  );
}

/** The panel's fields are shared by every link: a problem with link n's expiry is the expiry field's. */
function panelMessage(error: unknown, names: readonly string[]): string {
  const [issue] = errorIssues(error);
  const [root, index, key] = issue?.path ?? [];
  if (issue && root === "links" && typeof index === "number") {
    if (key === "expiresAt") return `Expiry ${issueReason(issue)}`;
    if (key === "entryName") return `Entry name “${names[index] ?? ""}” ${issueReason(issue)}`;
  }
  return errorMessage(error);
}
