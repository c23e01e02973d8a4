"use client";

import "../_components/integrate.css";
import { useQuery } from "@tanstack/react-query";
import { useId, useState, type ReactNode } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { Notice } from "../_components/notice";
import { ShownOnce } from "../_components/shown-once";
import { CreateTokenPanel } from "./create-token-panel";
import { TokenList } from "./token-list";

/**
 * One form's v1 tokens (the legacy API, one form per token): list, create, revoke. Mounted on
 * the API tokens page under its form picker, and on a form's overview page.
 */
export function FormTokensSection({
  formUuid,
  picker,
}: {
  formUuid: string;
  /** Shown in the header, e.g. a form picker. */
  picker?: ReactNode;
}) {
  const trpc = useTRPC();
  const id = useId();
  const list = useQuery(trpc.tokens.list.queryOptions({ kind: "v1", formUuid }));
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <section className="integrate-section" aria-labelledby={`${id}-title`}>
      <header>
        <div>
          <h2 id={`${id}-title`}>Form tokens (API v1, legacy)</h2>
          <p className="muted">
            Only for integrations already built on the v1 API: a token reads one form. For anything new, use an organization token above.
          </p>
        </div>
        <div className="section-actions">
          {picker}
          {!creating && !created && (
            <button
              type="button"
              className="button"
              onClick={() => {
                setCreating(true);
                setNotice(null);
              }}
            >
              New form token
            </button>
          )}
        </div>
      </header>
      <div aria-live="polite">{notice && <Notice onDismiss={() => setNotice(null)}>{notice}</Notice>}</div>
      {creating && (
        <CreateTokenPanel
          kind="v1"
          formUuid={formUuid}
          onClose={() => setCreating(false)}
          onCreated={(t) => {
            setCreating(false);
            setCreated(t);
            setNotice(`Form token “${t.name}” created.`);
          }}
        />
      )}
      {created && (
        <ShownOnce
          kept="hash"
          title={`Your form token “${created.name}”`}
          secret={created.token}
          what="form token"
          onDone={() => setCreated(null)}
        >
          <p className="hint">
            Send it in the <code>X-SERVICE-TOKEN</code> header of requests to <code>/api/v1</code>.
          </p>
        </ShownOnce>
      )}
      <TokenList
        query={list}
        loading="Loading form tokens…"
        failed="Could not load the form tokens"
        empty="This form has no v1 tokens."
        showForms={false}
        onRevoked={(name) => setNotice(`Form token “${name}” revoked.`)}
      />
    </section>
  );
}
