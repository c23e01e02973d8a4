"use client";

import "../../_components/integrate.css";
import "./mail.css";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage, isForbidden } from "@/app/_trpc/errors";
import type { MailLogEntry } from "@/server/mail/manage/serialize";
import type { AppRouter } from "@/server/routers/app/router";
import { countOf } from "../../_components/format";
import { QueryState } from "../../_components/list-states";
import { Notice } from "../../_components/notice";
import { PageHeader } from "../../_components/page-header";
import { MailLog, PENDING_REFRESH_MS } from "./mail-log";

type Settings = inferRouterOutputs<AppRouter>["mail"]["settings"];

/** Settings → Mail: how this instance sends mail, a test message, and the organization's mail log. */
export function MailSettingsView() {
  const trpc = useTRPC();
  // While messages wait, the counts are read again (as the log is), so they follow the workers.
  const settings = useQuery({
    ...trpc.mail.settings.queryOptions(),
    refetchInterval: (q) => (q.state.data?.pending ? PENDING_REFRESH_MS : false),
  });
  const [notice, setNotice] = useState<string | null>(null);
  let body;
  if (settings.isError && isForbidden(settings.error)) {
    body = (
      <section className="card state" role="alert">
        <h2>You cannot manage mail</h2>
        <p className="muted">{errorMessage(settings.error)}.</p>
      </section>
    );
  } else if (settings.isPending || settings.isError) {
    body = (
      <QueryState query={settings} loading="Loading the mail settings…" failed="Could not load the mail settings" selectable={false} />
    );
  } else {
    body = (
      <>
        <TransportCard settings={settings.data} />
        <MailLog onNotice={setNotice} />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Mail"
        description="How Formhouse sends mail, a test message to check it, and every message your organization sent."
      />
      <div aria-live="polite">{notice && <Notice onDismiss={() => setNotice(null)}>{notice}</Notice>}</div>
      {body}
    </>
  );
}

/** What a test message's outcome says: the server's own reply, as it gave it. */
function testOutcome(m: MailLogEntry): { ok: boolean; text: string } {
  if (m.status === "sent") return { ok: true, text: `Sent to ${m.to}: ${m.lastReply ?? "accepted"}` };
  if (m.status === "unsent")
    return { ok: false, text: "Not sent: mail is off (SMTP_URL is not set). The message is in the log below as not sent." };
  return { ok: false, text: `Could not send to ${m.to}: ${m.lastReply ?? "no answer"}` };
}

/** The mail server (or why there is none), the From address, what waits or failed, and Send test email. */
function TransportCard({ settings: s }: { settings: Settings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const send = useMutation(
    trpc.mail.sendTest.mutationOptions({
      onMutate: () => setOutcome(null),
      onSuccess: async (m) => {
        setOutcome(testOutcome(m));
        await queryClient.invalidateQueries(trpc.mail.pathFilter());
      },
      onError: (err) => setOutcome({ ok: false, text: `Could not send a test: ${errorMessage(err)}` }),
    }),
  );
  return (
    <section className="card settings-card mail-server" aria-labelledby="mail-server-title">
      <h2 id="mail-server-title">Mail server</h2>
      {s.on ? (
        <dl className="mail-facts">
          <div>
            <dt>Sends through</dt>
            <dd className="mono">{s.transport}</dd>
          </div>
          <div>
            <dt>From</dt>
            <dd>{s.from}</dd>
          </div>
        </dl>
      ) : (
        <p className="mail-off" data-testid="mail-off">
          Mail is off: <code>SMTP_URL</code> is not set. Messages are kept below as not sent. To reset a password without mail:{" "}
          <code>npm run admin -- reset-link --email &lt;address&gt;</code>.
        </p>
      )}
      {s.certificateUnchecked && (
        <p className="alert alert-error">SMTP_TLS_ALLOW_UNVERIFIED is on: the mail server&apos;s certificate is not checked.</p>
      )}
      <p className="hint" data-testid="mail-counts">
        {countOf(s.pending, "message", "messages")} waiting to be sent, {countOf(s.failed, "message", "messages")} failed.
      </p>
      <div className="mail-test">
        <button type="button" className="button" disabled={send.isPending} aria-busy={send.isPending} onClick={() => send.mutate()}>
          {send.isPending ? "Sending…" : "Send test email"}
        </button>
        <p className="hint">Sends a short message to you at {s.testRecipient} now, and shows the mail server&apos;s answer.</p>
      </div>
      <div aria-live="polite" data-testid="mail-test-outcome">
        {outcome && (
          <p className={outcome.ok ? "alert alert-success" : "alert alert-error"} role={outcome.ok ? undefined : "alert"}>
            {outcome.text}
          </p>
        )}
      </div>
    </section>
  );
}
