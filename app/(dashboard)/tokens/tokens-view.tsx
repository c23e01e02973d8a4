"use client";

import "../_components/integrate.css";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { FormPicker } from "../_components/form-picker";
import { QueryState } from "../_components/list-states";
import { Notice } from "../_components/notice";
import { PageHeader } from "../_components/page-header";
import { ShownOnce } from "../_components/shown-once";
import { AssistantSection } from "./assistant-section";
import { CreateTokenPanel } from "./create-token-panel";
import { FormTokensSection } from "./form-tokens-section";
import { TokenList } from "./token-list";

export function TokensView({ mcpUrl }: { mcpUrl: string }) {
  return (
    <>
      <PageHeader
        title="API tokens"
        description={
          <>
            Credentials for the REST API, sent in the <code>X-SERVICE-TOKEN</code> header. A token is shown once, when it is made; only a
            hash is stored.
          </>
        }
      />
      <OrganizationTokens />
      <AssistantSection mcpUrl={mcpUrl} />
      <FormTokens />
    </>
  );
}

/** v2 tokens: the organization's, optionally limited to some forms. */
function OrganizationTokens() {
  const trpc = useTRPC();
  const list = useQuery(trpc.tokens.list.queryOptions({ kind: "v2" }));
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <section className="integrate-section" aria-labelledby="org-tokens-title">
      <header>
        <div>
          <h2 id="org-tokens-title">Organization tokens (API v2)</h2>
          <p className="muted">Each token may do what its scopes allow, on every form or only the ones you choose.</p>
        </div>
        {!creating && !created && (
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              setCreating(true);
              setNotice(null);
            }}
          >
            New API token
          </button>
        )}
      </header>
      <div aria-live="polite">{notice && <Notice onDismiss={() => setNotice(null)}>{notice}</Notice>}</div>
      {creating && (
        <CreateTokenPanel
          kind="v2"
          onClose={() => setCreating(false)}
          onCreated={(t) => {
            setCreating(false);
            setCreated(t);
            setNotice(`API token “${t.name}” created.`);
          }}
        />
      )}
      {created && (
        <ShownOnce
          kept="hash"
          title={`Your API token “${created.name}”`}
          secret={created.token}
          what="API token"
          onDone={() => setCreated(null)}
        >
          <p className="hint">
            Send it in the <code>X-SERVICE-TOKEN</code> header of requests to <code>/api/v2</code>.
          </p>
        </ShownOnce>
      )}
      <TokenList
        query={list}
        loading="Loading API tokens…"
        failed="Could not load the API tokens"
        empty="No API tokens yet."
        showForms
        onRevoked={(name) => setNotice(`API token “${name}” revoked.`)}
      />
    </section>
  );
}

/** v1 tokens belong to one form: pick it, then its section. */
function FormTokens() {
  const trpc = useTRPC();
  const forms = useQuery(trpc.forms.listOptions.queryOptions());
  const [picked, setPicked] = useState<string | null>(null);
  if (forms.isPending || forms.isError) {
    return <QueryState query={forms} loading="Loading your forms…" failed="Could not load your forms" selectable={false} />;
  }
  const options = forms.data.forms;
  if (options.length === 0) return null;
  const uuid = picked ?? options[0]!.uuid;
  return <FormTokensSection key={uuid} formUuid={uuid} picker={<FormPicker forms={options} value={uuid} onChange={setPicked} />} />;
}
