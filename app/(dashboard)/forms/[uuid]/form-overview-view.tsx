"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import type { AppRouter } from "@/server/routers/app/router";
import { DateTime } from "../../_components/date-time";
import { FormElsewhere } from "../../_components/elsewhere-notice";
import { numberFormat } from "../../_components/format";
import { EmptyState, ErrorState, TableSkeleton } from "../../_components/list-states";
import { Notice } from "../../_components/notice";
import { FormTokensSection } from "../../tokens/form-tokens-section";
import { FORMS_TRASH_PATH, formBuilderPath, formPath, formScopedLinks } from "../form-paths";
import { StatusBadge } from "../status-badge";
import { TrashFormDialog } from "../trash-form-dialog";
import { FormMailSection } from "./form-mail-section";
import { FormFunnelSection } from "./form-funnel-section";
import { FormName } from "./form-name";
import { formatSize } from "../../submissions/answers";
import { ShareSurvey } from "./share-survey";
import { EmbedSnippets } from "./embed-snippets";
import "../forms.css";

type Overview = inferRouterOutputs<AppRouter>["forms"]["overview"];

/** A form's page: its name, status, counts, survey link and QR code, its other pages, and its email settings. */
export function FormOverviewView({ formUuid }: { formUuid: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.forms.overview.queryOptions({ formUuid }, { retry: (n, err) => n < 2 && !isNotFound(err) }));

  if (query.isPending) return <TableSkeleton label="Loading the form…" selectable={false} />;
  if (query.isError) {
    if (isNotFound(query.error))
      return (
        <FormElsewhere
          form={formUuid}
          notFound={
            <>
              <h1 className="visually-hidden">Form not found</h1>
              <EmptyState
                title="Form not found"
                action={
                  <Link href="/forms" className="button">
                    Back to forms
                  </Link>
                }
              >
                The link names a form that does not exist or belongs to another organization.
              </EmptyState>
            </>
          }
        />
      );
    return <ErrorState title="Could not load the form" error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  }
  return <Overview form={query.data} />;
}

function isNotFound(error: unknown): boolean {
  return (error as { data?: { code?: string } } | null)?.data?.code === "NOT_FOUND";
}

function Overview({ form }: { form: Overview }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<ReactNode>(null);
  const [trashing, setTrashing] = useState(false);
  const trashed = form.trashedAt !== null;
  const restoreButton = useRef<HTMLButtonElement>(null);
  const wasTrashed = useRef(trashed);
  useEffect(() => {
    // Trashed from this page: the button that opened the dialog is gone; Restore takes its place.
    if (trashed && !wasTrashed.current) restoreButton.current?.focus();
    wasTrashed.current = trashed;
  }, [trashed]);
  const duplicate = useMutation(
    trpc.forms.duplicate.mutationOptions({
      onSuccess: async (copy) => {
        await queryClient.invalidateQueries(trpc.forms.pathFilter());
        router.push(formPath(copy.uuid));
      },
    }),
  );
  const restore = useMutation(
    trpc.forms.restore.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.forms.pathFilter());
        setNotice("Restored. The survey link and the API show this form again.");
      },
    }),
  );

  return (
    <>
      <header className="page-header">
        <div className="form-page-title">
          <FormName form={form} editable={!trashed} />
          <StatusBadge published={form.published} />
          {trashed && <span className="badge badge-danger">In the trash</span>}
        </div>
        {!trashed && (
          <div className="page-actions">
            <button
              type="button"
              className="button"
              onClick={() => duplicate.mutate({ formUuid: form.uuid })}
              disabled={duplicate.isPending}
              aria-busy={duplicate.isPending}
            >
              {duplicate.isPending ? "Duplicating…" : "Duplicate"}
            </button>
            <button type="button" className="button button-danger" onClick={() => setTrashing(true)}>
              Move to trash
            </button>
          </div>
        )}
      </header>
      {duplicate.isError && (
        <p className="alert alert-error" role="alert">
          Could not duplicate the form: {errorMessage(duplicate.error)}
        </p>
      )}
      {notice && <Notice onDismiss={() => setNotice(null)}>{notice}</Notice>}

      {trashed && (
        <section className="card form-section form-trashed" aria-labelledby="form-trashed-title">
          <div>
            <h2 id="form-trashed-title">This form is in the trash</h2>
            <p className="muted">
              Moved to the trash on <DateTime at={form.trashedAt!} />. Its survey link does not work and the API does not show it; its
              submissions are kept.
            </p>
            {restore.isError && (
              <p className="alert alert-error" role="alert">
                {errorMessage(restore.error)}
              </p>
            )}
          </div>
          <button
            ref={restoreButton}
            type="button"
            className="button button-primary"
            onClick={() => restore.mutate({ formUuid: form.uuid })}
            disabled={restore.isPending}
            aria-busy={restore.isPending}
          >
            {restore.isPending ? "Restoring…" : "Restore"}
          </button>
        </section>
      )}

      <div className="form-page-grid">
        <div>
          <section className="card form-section" aria-labelledby="form-facts-title">
            <h2 id="form-facts-title">At a glance</h2>
            <dl className="form-facts">
              <div>
                <dt>Submissions</dt>
                <dd>{numberFormat.format(form.submissionsCount)}</dd>
              </div>
              {form.responseCap ? (
                <div>
                  <dt>Responses taken</dt>
                  <dd data-testid="response-cap">
                    {numberFormat.format(form.responseCap.taken)} of {numberFormat.format(form.responseCap.max)}
                  </dd>
                </div>
              ) : null}
              {form.files.files > 0 || form.files.takesFiles ? (
                <div>
                  <dt>Files stored</dt>
                  <dd>
                    {numberFormat.format(form.files.files)} ({formatSize(form.files.bytes)})
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>Last submission</dt>
                <dd>{form.lastSubmissionAt ? <DateTime at={form.lastSubmissionAt} /> : "None yet"}</dd>
              </div>
              <div>
                <dt>Created</dt>
                <dd>
                  <DateTime at={form.createdAt} />
                </dd>
              </div>
              <div>
                <dt>Updated</dt>
                <dd>
                  <DateTime at={form.updatedAt} />
                </dd>
              </div>
            </dl>
          </section>

          {!trashed && (
            <section className="card form-section" aria-labelledby="form-pages-title">
              <h2 id="form-pages-title">This form&apos;s pages</h2>
              <ul className="form-links">
                {formScopedLinks(form.uuid).map((link) => (
                  <li key={link.label}>
                    <Link href={link.href}>
                      {link.label}
                      <span className="hint">{link.hint}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {!trashed && (
            <div className="card form-section">
              <FormTokensSection formUuid={form.uuid} />
            </div>
          )}
        </div>

        {!trashed && (
          <section className="card form-section" aria-labelledby="form-share-title">
            <h2 id="form-share-title">Share</h2>
            {!form.published && (
              <p className="hint form-share-draft">
                This form is a draft: its link answers only once it is published.{" "}
                <Link href={formBuilderPath(form.uuid)}>Open the builder to publish</Link>
              </p>
            )}
            <ShareSurvey url={form.shortUrl ?? form.url} name={form.name} />
            <EmbedSnippets
              appUrl={new URL(form.url).origin}
              formUuid={form.uuid}
              slug={form.slug}
              name={form.name}
              embedOrigins={form.embedOrigins}
            />
          </section>
        )}
      </div>

      {!trashed && <FormFunnelSection formUuid={form.uuid} />}
      {!trashed && <FormMailSection form={form} />}

      <TrashFormDialog
        form={trashing ? form : null}
        onClose={() => setTrashing(false)}
        onTrashed={() => {
          setTrashing(false);
          setNotice(
            <>
              Moved to the trash. It is listed in the <Link href={FORMS_TRASH_PATH}>trash</Link> until you restore it.
            </>,
          );
        }}
      />
    </>
  );
}
