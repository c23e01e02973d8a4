"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { countOf } from "../_components/format";
import type { FormOption } from "../_components/use-form-scope";
import { endOfLocalDay, entryNamesOf, localToday } from "./entry-names";

/** Many links at once: one entry name per line, an optional expiry for all of them. */
export function CreateLinksPanel({ form, onClose, onCreated }: { form: FormOption; onClose: () => void; onCreated: (count: number) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [expiresOn, setExpiresOn] = useState("");
  const names = entryNamesOf(text);

  const create = useMutation(
    trpc.uniqueLinks.bulkCreate.mutationOptions({
      onSuccess: async ({ uniqueLinks }) => {
        await queryClient.invalidateQueries(trpc.uniqueLinks.pathFilter());
        onCreated(uniqueLinks.length);
      },
    }),
  );

  return (
    <form
      className="card panel"
      aria-labelledby="new-links-title"
      // The service checks every value (one rule); `min` only guides the date picker.
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate({ formUuid: form.uuid, entryNames: names, expiry: expiresOn ? endOfLocalDay(expiresOn) : undefined });
      }}
    >
      <div className="panel-header">
        <h2 id="new-links-title">New unique links</h2>
        <p className="muted">
          for <strong>{form.name}</strong>
        </p>
      </div>
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
            <span className="hint-count">{names.length ? countOf(names.length, "link", "links") : "No names yet"}</span> · One link per line, e.g.
            the recipient&apos;s email. Blank lines are ignored; up to 100 at a time.
          </p>
        </div>
        <div className="field">
          <label htmlFor="expires-on">
            Expires on<span className="optional">optional</span>
          </label>
          <input id="expires-on" type="date" value={expiresOn} min={localToday()} onChange={(e) => setExpiresOn(e.target.value)} aria-describedby="expires-on-hint" />
          <p className="hint" id="expires-on-hint">
            The links stop working at the end of this day (your time zone). Leave empty for no expiry.
          </p>
        </div>
      </div>
      {create.isError && (
        <p className="alert alert-error" role="alert">
          {errorMessage(create.error)}
        </p>
      )}
      <div className="panel-actions">
        <button type="button" className="button" onClick={onClose} disabled={create.isPending}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={names.length === 0 || create.isPending} aria-busy={create.isPending}>
          {create.isPending ? "Creating…" : names.length ? `Create ${countOf(names.length, "link", "links")}` : "Create links"}
        </button>
      </div>
    </form>
  );
}
