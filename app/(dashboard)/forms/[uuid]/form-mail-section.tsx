"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import Link from "next/link";
import { useId, useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import type { AppRouter } from "@/server/routers/app/router";
import { TextField } from "@/app/_components/text-field";
import { fieldErrors } from "../../_components/field-errors";
import { FormFailure } from "../../_components/form-failure";
import { ErrorState, TableSkeleton } from "../../_components/list-states";
import { FormButtons, SubmitForm } from "../../_components/panel-form";
import "../../_components/integrate.css";

type MailSettings = inferRouterOutputs<AppRouter>["formMail"]["get"];
type Mode = MailSettings["notifications"];

const MODES: { value: Mode; label: string; hint: string }[] = [
  { value: "each", label: "Email me each new response", hint: "With its answers, as soon as it is stored." },
  { value: "digest", label: "Email me a daily digest", hint: "One email a day counting the new responses; none on days without." },
  { value: "none", label: "Don't email me", hint: "" },
];

const SAVED: Record<Mode, string> = {
  each: "Saved: you get an email about each new response.",
  digest: "Saved: you get a daily digest of new responses.",
  none: "Saved: you get no emails about this form's responses.",
};

/**
 * A form's mail on its page: the signed-in member's own notifications about new responses,
 * and the form's receipt to respondents. Each is saved by its own button; each problem is
 * shown beside its field.
 */
export function FormMailSection({ form }: { form: { uuid: string; name: string } }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.formMail.get.queryOptions({ formUuid: form.uuid }));
  return (
    <section className="card form-section" aria-labelledby="form-mail-title">
      <h2 id="form-mail-title">Email</h2>
      {query.isPending ? (
        <TableSkeleton label="Loading the email settings…" rows={3} selectable={false} />
      ) : query.isError ? (
        <ErrorState title="Could not load the email settings" error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <>
          {!query.data.mailConfigured && (
            <p className="form-mail-unsent">
              No mail server is set up yet: messages are kept in the mail log as not sent until SMTP_URL is set.{" "}
              <Link href="/settings/mail">Mail settings</Link>
            </p>
          )}
          <div className="form-mail-grid">
            <NotificationsForm formUuid={form.uuid} mode={query.data.notifications} />
            <ReceiptForm form={form} settings={query.data} />
          </div>
        </>
      )}
    </section>
  );
}

/** Saved changes are announced in a live region that is always there. */
function SavedStatus({ text }: { text: string | null }) {
  return (
    <p className="form-mail-saved" role="status">
      {text}
    </p>
  );
}

/** Reads the settings again after a save. */
function useRefreshMail() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.formMail.get.pathFilter());
}

function NotificationsForm({ formUuid, mode }: { formUuid: string; mode: Mode }) {
  const trpc = useTRPC();
  const id = useId();
  const refresh = useRefreshMail();
  const [choice, setChoice] = useState<Mode>(mode);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useMutation(
    trpc.formMail.updateNotifications.mutationOptions({
      onSuccess: async (r) => {
        setSaved(SAVED[r.mode]);
        await refresh();
      },
    }),
  );
  return (
    <SubmitForm className="form-mail-form" aria-labelledby={`${id}-title`} onSubmit={() => save.mutate({ formUuid, mode: choice })}>
      <h3 id={`${id}-title`}>Notifications</h3>
      <fieldset className="plain">
        <legend>Your emails about new responses</legend>
        <ul className="scope-list">
          {MODES.map((m) => (
            <li key={m.value} className="scope-choice">
              <input
                id={`${id}-${m.value}`}
                type="radio"
                name={`${id}-mode`}
                value={m.value}
                checked={choice === m.value}
                onChange={() => {
                  setChoice(m.value);
                  setSaved(null);
                }}
                aria-describedby={m.hint ? `${id}-${m.value}-hint` : undefined}
              />
              <label htmlFor={`${id}-${m.value}`}>{m.label}</label>
              {m.hint && (
                <span className="hint" id={`${id}-${m.value}-hint`}>
                  {m.hint}
                </span>
              )}
            </li>
          ))}
        </ul>
      </fieldset>
      <p className="hint">Only you get these, at your account&apos;s email. Each one has a link to stop them.</p>
      {save.isError && <FormFailure other={fieldErrors(save.error).other} />}
      <FormButtons label="Save notifications" pendingLabel="Saving…" pending={save.isPending} className="panel-actions form-mail-actions" />
      <SavedStatus text={saved} />
    </SubmitForm>
  );
}

type ReceiptInput = Extract<inferRouterInputs<AppRouter>["formMail"]["updateReceipt"], { enabled: true }>;

function ReceiptForm({ form, settings }: { form: { uuid: string; name: string }; settings: MailSettings }) {
  const trpc = useTRPC();
  const id = useId();
  const refresh = useRefreshMail();
  const { receipt, emailQuestions, placeholderLabels } = settings;
  const [enabled, setEnabled] = useState(receipt?.enabled ?? false);
  const [values, setValues] = useState<Omit<ReceiptInput, "formUuid" | "enabled">>({
    emailField: receipt?.emailField ?? emailQuestions[0]?.id ?? "",
    subject: receipt?.subject ?? "Thank you for your response",
    message: receipt?.message ?? `Hello,\n\nthank you for your response to ${form.name}. We have received your answers.`,
    includeAnswers: receipt?.includeAnswers ?? false,
  });
  const [saved, setSaved] = useState<string | null>(null);
  const save = useMutation(
    trpc.formMail.updateReceipt.mutationOptions({
      onSuccess: async (r) => {
        setSaved(r.enabled ? "Saved: respondents get a receipt, and their replies come to you." : "Saved: no receipts are sent.");
        await refresh();
      },
    }),
  );
  const { byField, other } = fieldErrors(save.error);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setSaved(null);
  };
  const noAddress = emailQuestions.length === 0;
  const fieldKnown = emailQuestions.some((q) => q.id === values.emailField);
  const error = (key: string) => byField[key];
  const messageError = error("message");
  const example = placeholderLabels[0] ?? "Email";
  const emailError = error("emailField");

  return (
    <SubmitForm
      className="form-mail-form"
      aria-labelledby={`${id}-title`}
      onSubmit={() => save.mutate(enabled ? { formUuid: form.uuid, enabled, ...values } : { formUuid: form.uuid, enabled })}
    >
      <h3 id={`${id}-title`}>Receipt to respondents</h3>
      <p className="hint">
        An email to the address a respondent gives, once their response is stored. Their replies go to the member who saves the receipt
        {receipt?.replyTo ? ` (now ${receipt.replyTo})` : ""}.
      </p>
      {noAddress && (
        <p className="hint" id={`${id}-none`}>
          This form has no email question, so a receipt has no address to go to. Add one in the builder and publish the form.
        </p>
      )}
      <label className="toggle form-mail-toggle">
        <input
          type="checkbox"
          checked={enabled}
          disabled={noAddress && !enabled}
          aria-describedby={noAddress ? `${id}-none` : undefined}
          onChange={(e) => {
            setEnabled(e.target.checked);
            setSaved(null);
          }}
        />
        Send a receipt to respondents
      </label>
      {enabled && (
        <>
          <div className="field">
            <label htmlFor={`${id}-to`}>Send to the answer of</label>
            <select
              id={`${id}-to`}
              value={fieldKnown ? values.emailField : ""}
              onChange={(e) => set("emailField", e.target.value)}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${id}-to-error` : undefined}
            >
              {!fieldKnown && <option value="">Choose an email question</option>}
              {emailQuestions.map((q) => (
                <option key={q.id} value={q.id}>
                  {q.label}
                </option>
              ))}
            </select>
            {emailError && (
              <p className="field-error" id={`${id}-to-error`}>
                {emailError}
              </p>
            )}
          </div>
          <TextField
            id={`${id}-subject`}
            label="Subject"
            value={values.subject}
            onChange={(e) => set("subject", e.target.value)}
            maxLength={200}
            autoComplete="off"
            hint="One line, up to 200 characters; placeholders work here too."
            error={error("subject")}
          />
          <div className="field">
            <label htmlFor={`${id}-message`}>Message</label>
            <textarea
              id={`${id}-message`}
              className="textarea"
              rows={6}
              value={values.message}
              onChange={(e) => set("message", e.target.value)}
              maxLength={5000}
              aria-invalid={messageError ? true : undefined}
              aria-describedby={messageError ? `${id}-message-error ${id}-message-hint` : `${id}-message-hint`}
            />
            {messageError && (
              <p className="field-error" id={`${id}-message-error`}>
                {messageError}
              </p>
            )}
            <p className="hint" id={`${id}-message-hint`}>
              Plain text, up to 5,000 characters; a blank line starts a paragraph. Write <code>{"{{label}}"}</code> for the answer to the
              question with that label: <code>{`{{${example}}}`}</code> becomes what the respondent answered there, or nothing if they left
              it empty.
            </p>
          </div>
          <details className="form-mail-labels">
            <summary>The labels you can use ({placeholderLabels.length})</summary>
            {placeholderLabels.length ? (
              <ul className="chips">
                {placeholderLabels.map((label) => (
                  <li key={label}>
                    <code>{`{{${label}}}`}</code>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="hint">The published form has no questions yet.</p>
            )}
          </details>
          <label className="toggle">
            <input type="checkbox" checked={values.includeAnswers} onChange={(e) => set("includeAnswers", e.target.checked)} />
            Include a copy of the answers
          </label>
        </>
      )}
      {save.isError && <FormFailure other={other} />}
      <FormButtons
        label="Save receipt"
        pendingLabel="Saving…"
        pending={save.isPending}
        disabled={noAddress && !enabled && !receipt?.enabled}
        className="panel-actions form-mail-actions"
      />
      <SavedStatus text={saved} />
    </SubmitForm>
  );
}
