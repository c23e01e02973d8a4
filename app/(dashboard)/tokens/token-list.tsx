"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import type { AppRouter } from "@/server/routers/app/router";
import { ConfirmDialog } from "../_components/confirm-dialog";
import { DateTime } from "../_components/date-time";
import { numberFormat } from "../_components/format";

export type TokenRow = inferRouterOutputs<AppRouter>["tokens"]["list"][number];

/** Tokens as cards (name, prefix, scopes, forms, dates, use) with Revoke behind a question. */
export function TokenList({ tokens, showForms, onRevoked }: { tokens: TokenRow[]; showForms: boolean; onRevoked: (name: string) => void }) {
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

  return (
    <>
      <ul className="card item-list" aria-label="Tokens">
        {tokens.map((t) => (
          <li key={t.id} className="item" data-testid="token-row">
            <div className="item-head">
              <span className="item-title">{t.name || "Unnamed token"}</span>
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
            </div>
            <div className="chips" aria-label="Scopes">
              {t.scopes.map((s) => (
                <span className="chip" key={s}>
                  {s}
                </span>
              ))}
            </div>
            <dl className="item-meta">
              <div>
                <dt>Token</dt>
                <dd className="mono">{t.prefix}</dd>
              </div>
              {showForms && (
                <div>
                  <dt>Forms</dt>
                  <dd>{t.forms === null ? "All forms" : t.forms.map((f) => f.name).join(", ") || "None left"}</dd>
                </div>
              )}
              <div>
                <dt>Created</dt>
                <dd>
                  <DateTime at={t.createdAt} />
                </dd>
              </div>
              <div>
                <dt>Last used</dt>
                <dd>{t.lastUsedAt ? <DateTime at={t.lastUsedAt} /> : "Never"}</dd>
              </div>
              <div>
                <dt>Requests</dt>
                <dd>{numberFormat.format(t.usageCount)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ""}”?`}
        confirmLabel="Revoke token"
        pendingLabel="Revoking…"
        pending={revoke.isPending}
        error={revoke.isError ? `${errorMessage(revoke.error)} (tokens.revoke)` : null}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
      >
        <p>Integrations using it get “401 Invalid access token” from their next request. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
