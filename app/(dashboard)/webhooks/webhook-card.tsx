"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useId, useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import type { AppRouter } from "@/server/routers/app/router";
import { ConfirmDialog } from "../_components/confirm-dialog";
import { DateTime } from "../_components/date-time";
import { fieldErrors } from "../_components/field-errors";
import { ShownOnce } from "../_components/shown-once";
import { DeliveryLog } from "./delivery-log";
import { VerifyHint } from "./verify-hint";
import { WebhookFields } from "./webhook-fields";

export type WebhookRow = inferRouterOutputs<AppRouter>["webhooks"]["list"]["webhooks"][number];

/**
 * One webhook: its URL, events and state, and everything that can be done to it — edit,
 * enable/disable, send a test, rotate the secret, delete, and its delivery log.
 */
export function WebhookCard({ formUuid, webhook, onNotice }: { formUuid: string; webhook: WebhookRow; onNotice: (text: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const ref = { formUuid, id: webhook.id };
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [asking, setAsking] = useState<"rotate" | "delete" | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.webhooks.pathFilter());

  const update = useMutation(
    trpc.webhooks.update.mutationOptions({
      onSuccess: async (w, vars) => {
        setEditing(false);
        onNotice(vars.enabled === undefined ? "Webhook saved." : w.enabled ? "Webhook enabled." : "Webhook disabled.");
        await refresh();
      },
      onError: (err, vars) => {
        if (vars.enabled !== undefined) onNotice(`Could not ${vars.enabled ? "enable" : "disable"} the webhook: ${errorMessage(err)}`);
      },
    }),
  );
  const test = useMutation(
    trpc.webhooks.test.mutationOptions({
      onSuccess: async (d) => {
        setShowLog(true);
        onNotice(
          d.status === "succeeded"
            ? `Test delivered: your endpoint answered HTTP ${d.lastStatusCode}.`
            : `Test failed: ${d.lastError ?? (d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : "no answer")}.`,
        );
        await refresh();
      },
      onError: (err) => onNotice(`Could not send a test: ${errorMessage(err)}`),
    }),
  );
  const rotate = useMutation(
    trpc.webhooks.rotateSecret.mutationOptions({
      onSuccess: ({ secret }) => {
        setAsking(null);
        setSecret(secret);
        onNotice("Signing secret rotated.");
      },
    }),
  );
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions({
      onSuccess: async () => {
        setAsking(null);
        onNotice(`Webhook to ${webhook.url} deleted.`);
        await refresh();
      },
    }),
  );

  const busy = update.isPending || test.isPending;

  return (
    <li className="item" data-testid="webhook-row">
      <div className="item-head">
        <span className="item-title item-url">{webhook.url}</span>
        <span className={`badge ${webhook.enabled ? "badge-success" : "badge-neutral"}`}>{webhook.enabled ? "Enabled" : "Disabled"}</span>
      </div>
      <div className="chips" aria-label="Events">
        {webhook.events.map((e) => (
          <span className="chip" key={e}>
            {e}
          </span>
        ))}
      </div>
      {!webhook.enabled && (
        <div className="disabled-reason">
          <span>
            <strong>Disabled:</strong> {webhook.disabledReason ?? "no reason recorded"}. No deliveries are made while it is off.
          </span>
          <button type="button" className="button button-small" disabled={busy} onClick={() => update.mutate({ ...ref, enabled: true })}>
            Enable again
          </button>
        </div>
      )}
      <dl className="item-meta">
        <div>
          <dt>Created</dt>
          <dd>
            <DateTime at={webhook.createdAt} />
          </dd>
        </div>
        <div>
          <dt>Changed</dt>
          <dd>
            <DateTime at={webhook.updatedAt} />
          </dd>
        </div>
      </dl>
      {secret && (
        <ShownOnce kept="signing" title="New signing secret" secret={secret} what="signing secret" onDone={() => setSecret(null)}>
          <p className="hint">
            The previous secret keeps signing deliveries too (a second signature) for 24 hours, so you can switch your receiver over without
            missing one.
          </p>
          <VerifyHint />
        </ShownOnce>
      )}
      {editing ? (
        <WebhookFields
          initial={{ url: webhook.url, events: webhook.events }}
          titleId={`${id}-edit`}
          title="Edit webhook"
          submitLabel="Save"
          pendingLabel="Saving…"
          pending={update.isPending}
          errors={update.isError && update.variables?.enabled === undefined ? fieldErrors(update.error) : null}
          onEdit={() => update.isError && update.reset()}
          onSubmit={(v) => update.mutate({ ...ref, ...v })}
          onCancel={() => {
            update.reset();
            setEditing(false);
          }}
        />
      ) : (
        <div className="item-actions">
          <button
            type="button"
            className="button button-small"
            onClick={() => {
              update.reset();
              setEditing(true);
            }}
          >
            Edit
          </button>
          {webhook.enabled && (
            <button type="button" className="button button-small" disabled={busy} onClick={() => update.mutate({ ...ref, enabled: false })}>
              Disable
            </button>
          )}
          <button type="button" className="button button-small" disabled={busy} aria-busy={test.isPending} onClick={() => test.mutate(ref)}>
            {test.isPending ? "Sending test…" : "Send test"}
          </button>
          <button
            type="button"
            className="button button-small"
            onClick={() => {
              rotate.reset();
              setAsking("rotate");
            }}
          >
            Rotate secret
          </button>
          <button
            type="button"
            className="button button-small"
            aria-expanded={showLog}
            aria-controls={`${id}-log`}
            onClick={() => setShowLog((v) => !v)}
          >
            {showLog ? "Hide delivery log" : "Delivery log"}
          </button>
          <button
            type="button"
            className="button button-small button-danger"
            onClick={() => {
              remove.reset();
              setAsking("delete");
            }}
          >
            Delete
          </button>
        </div>
      )}
      <div id={`${id}-log`} hidden={!showLog}>
        {showLog && <DeliveryLog formUuid={formUuid} webhookId={webhook.id} label={`Deliveries to ${webhook.url}`} onNotice={onNotice} />}
      </div>
      <ConfirmDialog
        open={asking === "rotate"}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        pendingLabel="Rotating…"
        pending={rotate.isPending}
        error={rotate.isError ? errorMessage(rotate.error) : null}
        onCancel={() => setAsking(null)}
        onConfirm={() => rotate.mutate(ref)}
      >
        <p>A new secret is made and shown once. The current one keeps signing deliveries for 24 hours, then stops.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === "delete"}
        title="Delete this webhook?"
        confirmLabel="Delete webhook"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onCancel={() => setAsking(null)}
        onConfirm={() => remove.mutate(ref)}
      >
        <p>
          Deliveries to <strong className="item-url">{webhook.url}</strong> stop, and its delivery log is deleted.
        </p>
      </ConfirmDialog>
    </li>
  );
}
