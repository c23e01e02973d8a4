"use client";

import "../_components/integrate.css";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { isConnectorScope, SCOPE_DESCRIPTIONS } from "@/server/oauth/scopes";
import type { AppRouter } from "@/server/routers/app/router";
import { ConfirmDialog } from "../_components/confirm-dialog";
import { DateTime } from "../_components/date-time";
import { EmptyState, QueryState } from "../_components/list-states";
import { Notice } from "../_components/notice";
import { PageHeader } from "../_components/page-header";

type App = inferRouterOutputs<AppRouter>["connectedApps"]["list"][number];

/** The organization's OAuth connections (automation platforms), each with Revoke. */
export function ConnectedAppsView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.connectedApps.list.queryOptions());
  const [revoking, setRevoking] = useState<App | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const revoke = useMutation(
    trpc.connectedApps.revoke.mutationOptions({
      onSuccess: async () => {
        setNotice(`${revoking?.clientName ?? "The app"} was disconnected.`);
        setRevoking(null);
        await queryClient.invalidateQueries(trpc.connectedApps.list.pathFilter());
      },
    }),
  );

  let body;
  if (list.isPending || list.isError) body = <QueryState query={list} loading="Loading connected apps…" failed="Could not load the connected apps" selectable={false} />;
  else if (list.data.length === 0)
    body = (
      <EmptyState title="No connected apps">
        When someone in your organization connects an automation platform (such as Zapier or Make) to Formhouse, it appears here.
      </EmptyState>
    );
  else
    body = (
      <ul className="card item-list" aria-label="Connected apps">
        {list.data.map((app) => (
          <li key={app.id} className="item" data-testid="app-row">
            <div className="item-head">
              <span className="item-title">{app.clientName}</span>
              <button
                type="button"
                className="button button-small button-danger"
                onClick={() => {
                  revoke.reset();
                  setRevoking(app);
                }}
              >
                Revoke<span className="visually-hidden"> {app.clientName}</span>
              </button>
            </div>
            <ul className="checklist" aria-label="What it may do">
              {app.scopes.map((s) => (
                <li key={s}>{isConnectorScope(s) ? SCOPE_DESCRIPTIONS[s] : s}</li>
              ))}
            </ul>
            <dl className="item-meta">
              <div>
                <dt>Connected by</dt>
                <dd>{app.connectedBy.name ? `${app.connectedBy.name} (${app.connectedBy.email})` : app.connectedBy.email}</dd>
              </div>
              <div>
                <dt>Since</dt>
                <dd>
                  <DateTime at={app.createdAt} />
                </dd>
              </div>
              <div>
                <dt>Last used</dt>
                <dd>{app.lastUsedAt ? <DateTime at={app.lastUsedAt} /> : "Never"}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    );

  return (
    <>
      <PageHeader title="Connected apps" description="Apps your organization allowed to read its forms and submissions over OAuth." />
      <div aria-live="polite">{notice && <Notice onDismiss={() => setNotice(null)}>{notice}</Notice>}</div>
      {body}
      <ConfirmDialog
        open={revoking !== null}
        title={`Disconnect ${revoking?.clientName ?? ""}?`}
        confirmLabel="Revoke access"
        pendingLabel="Revoking…"
        pending={revoke.isPending}
        error={revoke.isError ? `${errorMessage(revoke.error)} (connectedApps.revoke)` : null}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
      >
        <p>Its access and refresh tokens stop working at once, and the webhook subscriptions it created are removed. To use it again, connect it anew.</p>
      </ConfirmDialog>
    </>
  );
}
