"use client";

import "../_components/integrate.css";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { isConnectorScope, SCOPE_DESCRIPTIONS } from "@/lib/scopes/connector-scopes";
import { API_SCOPE_DESCRIPTIONS, type V2Scope } from "@/lib/scopes/token-scopes";
import type { AppRouter } from "@/server/routers/app/router";
import { ConfirmDialog } from "../_components/confirm-dialog";
import { dataColumns } from "../_components/data-table/columns";
import { actionsColumn, dateColumn } from "../_components/data-table/common-columns";
import { DataTable } from "../_components/data-table/data-table";
import { EmptyState } from "../_components/list-states";
import { Notice } from "../_components/notice";
import { PageHeader } from "../_components/page-header";

type App = inferRouterOutputs<AppRouter>["connectedApps"]["list"][number];

const column = dataColumns<App>();

/** What an app's card says after its name: what it may do, who connected it, when, its last use. */
const APP_FACTS = [
  column.display({
    id: "kind",
    header: "Kind",
    cell: ({ row: { original: app } }) =>
      `${app.kind === "mcp" ? "Assistant (MCP)" : "Automation platform"}${app.selfRegistered ? ", self-registered: name unverified" : ""}`,
  }),
  column.display({
    id: "scopes",
    header: "What it may do",
    meta: { place: "block" },
    cell: ({ row }) => (
      <ul className="checklist" aria-label="What it may do">
        {row.original.scopes.map((s) => (
          <li key={s}>{isConnectorScope(s) ? SCOPE_DESCRIPTIONS[s] : (API_SCOPE_DESCRIPTIONS[s as V2Scope] ?? s)}</li>
        ))}
      </ul>
    ),
  }),
  column.display({
    id: "connectedBy",
    header: "Connected by",
    cell: ({ row: { original: app } }) => {
      const { name, email } = app.connectedBy;
      return name ? `${name} (${email})` : email;
    },
  }),
  dateColumn<App>("since", "Since", (app) => app.createdAt),
  dateColumn<App>("lastUsed", "Last used", (app) => app.lastUsedAt, "Never"),
];

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

  const columns = [
    column.display({ id: "name", header: "App", meta: { place: "title" }, cell: ({ row }) => row.original.clientName }),
    actionsColumn<App>((app) => (
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
    )),
    ...APP_FACTS,
  ];

  return (
    <>
      <PageHeader
        title="Connected apps"
        description="Apps and assistants your organization allowed to use its forms and submissions over OAuth."
      />
      <div aria-live="polite">{notice && <Notice onDismiss={() => setNotice(null)}>{notice}</Notice>}</div>
      <DataTable
        caption="Connected apps"
        layout="list"
        columns={columns}
        query={list}
        loading="Loading connected apps…"
        failed="Could not load the connected apps"
        rows={list.data}
        rowTestId="app-row"
        empty={
          <EmptyState title="No connected apps yet">
            When someone in your organization connects an automation platform (such as Zapier or Make) or an assistant (over MCP) to
            Formhouse, it appears here.
          </EmptyState>
        }
      />
      <ConfirmDialog
        open={revoking !== null}
        title={`Disconnect ${revoking?.clientName ?? ""}?`}
        confirmLabel="Revoke access"
        pendingLabel="Revoking…"
        pending={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error) : null}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
      >
        <p>
          Its access and refresh tokens stop working at once, and the webhook subscriptions it created are removed. To use it again, connect
          it anew.
        </p>
      </ConfirmDialog>
    </>
  );
}
