"use client";

import "../_components/integrate.css";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { fieldErrors } from "../_components/field-errors";
import { FormScopedPage } from "../_components/form-scoped-page";
import { ListPagination } from "../_components/data-table/pagination";
import { EmptyState, QueryState } from "../_components/list-states";
import { Notice } from "../_components/notice";
import { ShownOnce } from "../_components/shown-once";
import type { FormOption } from "../_components/use-form-scope";
import { useListParams } from "../_components/use-url-state";
import { VerifyHint } from "./verify-hint";
import { WebhookCard } from "./webhook-card";
import { WebhookFields } from "./webhook-fields";

export function WebhooksView() {
  return (
    <FormScopedPage
      title="Webhooks"
      description="Your endpoints get a signed HTTP POST when a form's submissions are created, changed or deleted."
      items="Webhooks"
    >
      {(form) => <FormWebhooks key={form.uuid} form={form} />}
    </FormScopedPage>
  );
}

/** One form's webhooks: New webhook above (with the secret shown once), the list below. */
function FormWebhooks({ form }: { form: FormOption }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { page, setPage } = useListParams();
  const list = useQuery({ ...trpc.webhooks.list.queryOptions({ formUuid: form.uuid, page }), placeholderData: keepPreviousData });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: async (w) => {
        setCreating(false);
        setCreated({ url: w.url, secret: w.secret });
        setNotice(`Webhook to ${w.url} created.`);
        setPage(1);
        await queryClient.invalidateQueries(trpc.webhooks.list.pathFilter());
      },
    }),
  );

  let body;
  if (list.isPending || list.isError) {
    body = <QueryState query={list} loading="Loading webhooks…" failed="Could not load the webhooks" selectable={false} />;
  } else if (list.data.total === 0)
    body = <EmptyState title="No webhooks yet">Add an endpoint to be told about {form.name}&apos;s submissions as they happen.</EmptyState>;
  else
    body = (
      <>
        <ul className="card item-list" aria-label={`Webhooks of ${form.name}`}>
          {list.data.webhooks.map((w) => (
            <WebhookCard key={w.id} formUuid={form.uuid} webhook={w} onNotice={setNotice} />
          ))}
        </ul>
        <ListPagination
          page={list.data.page}
          perPage={list.data.perPage}
          total={list.data.total}
          totalPages={list.data.totalPages}
          shown={list.data.webhooks.length}
          noun={["webhook", "webhooks"]}
          nav={{ onPage: setPage }}
        />
      </>
    );

  return (
    <>
      <div className="toolbar">
        <div className="toolbar-actions">
          {!creating && (
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                create.reset();
                setCreating(true);
                setNotice(null);
              }}
            >
              New webhook
            </button>
          )}
        </div>
      </div>
      <div aria-live="polite">{notice && <Notice onDismiss={() => setNotice(null)}>{notice}</Notice>}</div>
      {creating && (
        <WebhookFields
          initial={{ url: "", events: ["Submission.Created"] }}
          titleId="new-webhook-title"
          title={`New webhook for ${form.name}`}
          submitLabel="Create webhook"
          pendingLabel="Creating…"
          pending={create.isPending}
          errors={create.isError ? fieldErrors(create.error) : null}
          onEdit={() => create.isError && create.reset()}
          onSubmit={(v) => create.mutate({ formUuid: form.uuid, ...v })}
          onCancel={() => setCreating(false)}
        />
      )}
      {created && (
        <ShownOnce kept="signing" title="Signing secret" secret={created.secret} what="signing secret" onDone={() => setCreated(null)}>
          <p className="hint">Deliveries to {created.url} are signed with it.</p>
          <VerifyHint />
        </ShownOnce>
      )}
      {body}
    </>
  );
}
