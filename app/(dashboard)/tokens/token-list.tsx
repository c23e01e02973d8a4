"use client";

import { useMutation, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import type { AppRouter } from "@/server/routers/app/router";
import { ConfirmDialog } from "../_components/confirm-dialog";
import { dataColumns } from "../_components/data-table/columns";
import { actionsColumn, dateColumn } from "../_components/data-table/common-columns";
import { DataTable } from "../_components/data-table/data-table";
import { numberFormat } from "../_components/format";

export type TokenRow = inferRouterOutputs<AppRouter>["tokens"]["list"][number];

const column = dataColumns<TokenRow>();

/** What a token's card says after its name: scopes, then its prefix, forms, dates and use. */
const TOKEN_FACTS = [
  column.display({
    id: "scopes",
    header: "Scopes",
    meta: { place: "block" },
    cell: ({ row }) => (
      <div className="chips" aria-label="Scopes">
        {row.original.scopes.map((s) => (
          <span className="chip" key={s}>
            {s}
          </span>
        ))}
      </div>
    ),
  }),
  column.display({ id: "prefix", header: "Token", meta: { className: "mono" }, cell: ({ row }) => row.original.prefix }),
  column.display({
    id: "forms",
    header: "Forms",
    cell: ({ row: { original: t } }) => (t.forms === null ? "All forms" : t.forms.map((f) => f.name).join(", ") || "None left"),
  }),
  dateColumn<TokenRow>("created", "Created", (t) => t.createdAt),
  column.display({
    id: "createdBy",
    header: "Created by",
    cell: ({ row: { original: t } }) => (t.createdBy ? t.createdBy.name || t.createdBy.email : "—"),
  }),
  dateColumn<TokenRow>("lastUsed", "Last used", (t) => t.lastUsedAt, "Never"),
  column.display({ id: "requests", header: "Requests", cell: ({ row }) => numberFormat.format(row.original.usageCount) }),
];

/**
 * Tokens as cards (name, scopes, prefix, forms, dates, use) with Revoke behind a question;
 * `empty` is what the list says when there are none.
 */
export function TokenList({
  query,
  loading,
  failed,
  empty,
  showForms,
  onRevoked,
}: {
  query: UseQueryResult<TokenRow[], unknown>;
  loading: string;
  failed: string;
  empty: string;
  showForms: boolean;
  onRevoked: (name: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState<TokenRow | null>(null);
  const revoke = useMutation(
    trpc.tokens.revoke.mutationOptions({
      onSuccess: async () => {
        const name = revoking?.name ?? "";
        setRevoking(null);
        onRevoked(name);
        await queryClient.invalidateQueries(trpc.tokens.list.pathFilter());
      },
    }),
  );

  const columns = [
    column.display({ id: "name", header: "Name", meta: { place: "title" }, cell: ({ row }) => row.original.name || "Unnamed token" }),
    actionsColumn<TokenRow>((t) => (
      <button
        type="button"
        className="button button-small button-danger"
        onClick={() => {
          revoke.reset();
          setRevoking(t);
        }}
      >
        Revoke<span className="visually-hidden"> {t.name}</span>
      </button>
    )),
    ...(showForms ? TOKEN_FACTS : TOKEN_FACTS.filter((c) => c.id !== "forms")),
  ];

  return (
    <DataTable
      caption="Tokens"
      layout="list"
      columns={columns}
      query={query}
      loading={loading}
      failed={failed}
      rows={query.data}
      rowTestId="token-row"
      empty={<p className="card state muted">{empty}</p>}
    >
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ""}”?`}
        confirmLabel="Revoke token"
        pendingLabel="Revoking…"
        pending={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error) : null}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
      >
        <p>Integrations using it get “401 Invalid access token” from their next request. This cannot be undone.</p>
      </ConfirmDialog>
    </DataTable>
  );
}
