"use client";

import { useId, useState } from "react";
import { SUBMISSION_EVENTS, type SubmissionEvent } from "@/lib/webhook-events";
import { FormFailure } from "../_components/form-failure";
import { PanelForm } from "../_components/panel-form";
import { TextField } from "@/app/_components/text-field";
import { EVENT_DESCRIPTIONS } from "./events";

/**
 * The URL and events of a webhook, for creating and editing it. Errors come by field from the
 * procedure (`byField.url`, `byField.events`).
 */
export function WebhookFields({
  initial,
  titleId,
  title,
  submitLabel,
  pendingLabel,
  pending,
  errors,
  onSubmit,
  onCancel,
  onEdit,
}: {
  initial: { url: string; events: SubmissionEvent[] };
  titleId: string;
  title: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  errors: { byField: Record<string, string>; other: string | null } | null;
  onSubmit: (value: { url: string; events: SubmissionEvent[] }) => void;
  onCancel: () => void;
  /** A field changed: the last answer's errors no longer describe what is shown. */
  onEdit: () => void;
}) {
  const id = useId();
  const [url, setUrl] = useState(initial.url);
  const [events, setEvents] = useState<SubmissionEvent[]>(initial.events);
  const eventsError = errors?.byField.events;
  return (
    <PanelForm
      titleId={titleId}
      title={title}
      label={submitLabel}
      pendingLabel={pendingLabel}
      pending={pending}
      onCancel={onCancel}
      onSubmit={() => onSubmit({ url, events })}
    >
      <TextField
        id={`${id}-url`}
        label="Endpoint URL"
        type="url"
        value={url}
        onChange={(e) => {
          setUrl(e.target.value);
          onEdit();
        }}
        placeholder="https://example.com/hooks/formhouse"
        autoComplete="off"
        autoFocus
        maxLength={2048}
        hint="Gets a signed JSON POST for each event."
        error={errors?.byField.url}
      />
      <fieldset className="plain" aria-describedby={eventsError ? `${id}-events-error` : undefined}>
        <legend>Events</legend>
        <ul className="scope-list">
          {SUBMISSION_EVENTS.map((ev) => (
            <li key={ev} className="scope-choice">
              <input
                id={`${id}-${ev}`}
                type="checkbox"
                checked={events.includes(ev)}
                onChange={(e) => {
                  setEvents((v) => (e.target.checked ? [...v, ev] : v.filter((x) => x !== ev)));
                  onEdit();
                }}
                aria-describedby={`${id}-${ev}-hint`}
              />
              <label htmlFor={`${id}-${ev}`}>
                <code>{ev}</code>
              </label>
              <span className="hint" id={`${id}-${ev}-hint`}>
                {EVENT_DESCRIPTIONS[ev]}
              </span>
            </li>
          ))}
        </ul>
        {eventsError && (
          <p className="field-error" id={`${id}-events-error`}>
            {eventsError}
          </p>
        )}
      </fieldset>
      {errors && <FormFailure other={errors.other} />}
    </PanelForm>
  );
}
