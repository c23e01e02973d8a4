"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useId, useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import type { FormElement } from "@/db/schema";
import type { AppRouter } from "@/server/routers/app/router";
import { ConfirmDialog } from "../_components/confirm-dialog";
import { SubmissionElsewhere } from "../_components/elsewhere-notice";
import { AlertError } from "@/app/_components/alert-error";
import { dateTimeFormat, numberFormat } from "../_components/format";
import { ErrorState, TableSkeleton } from "../_components/list-states";
import { Notice } from "../_components/notice";
import { PageHeader } from "../_components/page-header";
import { SubmitForm } from "../_components/panel-form";
import { AnswerEditor, isGroupEditor } from "./answer-editor";
import { AnswerView } from "./answers";
import { openedFromSet } from "./use-submission-params";
import "./submissions.css";

type Detail = inferRouterOutputs<AppRouter>["submissions"]["get"];
type Issue = { path: (string | number)[]; message: string };

function duration(seconds: number | null): string {
  if (seconds === null) return "Not recorded";
  if (seconds < 60) return `${seconds} s`;
  const m = Math.floor(seconds / 60);
  return m < 60 ? `${m} min ${seconds % 60} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** One submission: its metadata, every answer, and edit, spam and delete. */
export function SubmissionDetail({ id }: { id: string }) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.submissions.get.queryOptions({ id }), retry: false });
  // Kept here, not in Loaded: Loaded starts afresh when the submission changes (its key), and
  // the confirmation of that very change must outlive it.
  const [notice, setNotice] = useState<string | null>(null);
  let body;
  if (query.isPending) body = <TableSkeleton label="Loading the submission…" selectable={false} />;
  else if (query.isError && query.error.data?.code === "NOT_FOUND")
    // Another organization of the user's may hold it: say so, with a switch.
    body = <SubmissionElsewhere id={id} notFound={<ErrorState title="Submission not found" error={query.error} />} />;
  else if (query.isError)
    body = (
      <ErrorState title="Could not load the submission" error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />
    );
  else body = <Loaded key={query.data.submission.updatedAt} detail={query.data} notice={notice} onNotice={setNotice} />;
  return (
    <>
      <PageHeader
        title="Submission"
        description={
          query.data ? (
            <>
              An answer to <strong>{query.data.form.name}</strong>.
            </>
          ) : undefined
        }
        actions={<SetNavigation id={id} formUuid={query.data?.form.uuid} />}
      />
      {body}
    </>
  );
}

/**
 * Back to the table, and Previous / Next in its order, when the page was opened from the table
 * (its set is in the URL: filters, spam view, sort); the links keep that set.
 */
function SetNavigation({ id, formUuid }: { id: string; formUuid: string | undefined }) {
  const trpc = useTRPC();
  const params = useSearchParams();
  const set = openedFromSet(new URLSearchParams(params.toString()));
  const neighbours = useQuery({
    ...trpc.submissions.neighbours.queryOptions(
      set ? { formUuid: set.formUuid, id, view: set.view, sort: set.sort, filters: set.filters } : { formUuid: "", id },
    ),
    enabled: set !== null,
    retry: false,
  });
  const back = set ? `/submissions?${set.query}` : formUuid ? `/submissions?form=${formUuid}` : "/submissions";
  // At either end of the set the step is simply absent.
  const step = (to: string | null | undefined, label: string, rel: "prev" | "next") =>
    to && (
      <Link className="button button-ghost" href={`/submissions/${to}?${set!.query}`} rel={rel}>
        {label}
      </Link>
    );
  return (
    <nav className="submission-nav" aria-label="Submissions">
      <Link className="button button-ghost" href={back}>
        ← All submissions
      </Link>
      {set && neighbours.isSuccess && (
        <>
          {step(neighbours.data.previous, "← Previous", "prev")}
          {step(neighbours.data.next, "Next →", "next")}
        </>
      )}
    </nav>
  );
}

function Loaded({
  detail,
  notice,
  onNotice: setNotice,
}: {
  detail: Detail;
  notice: string | null;
  onNotice: (text: string | null) => void;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { submission: s, form } = detail;
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries(trpc.submissions.pathFilter());

  const spam = useMutation(
    trpc.submissions.markSpam.mutationOptions({
      onSuccess: async (_, input) => {
        setNotice(input.spam ? "Marked as spam." : "Marked as not spam.");
        await refresh();
      },
    }),
  );
  const remove = useMutation(
    trpc.submissions.bulkDelete.mutationOptions({
      onSuccess: async () => {
        await refresh();
        router.push(`/submissions?form=${form.uuid}`);
      },
    }),
  );

  const elements = form.elements.filter((el) => el && typeof el.id === "string");
  return (
    <>
      {notice && <Notice onDismiss={() => setNotice(null)}>{notice}</Notice>}
      <section className="card submission-meta" aria-labelledby="meta-title">
        <h2 id="meta-title" className="visually-hidden">
          Details
        </h2>
        <dl className="meta-list">
          <div>
            <dt>Submitted</dt>
            <dd>
              <time dateTime={s.createdAt}>{dateTimeFormat.format(new Date(s.createdAt))}</time>
            </dd>
          </div>
          <div>
            <dt>Last updated</dt>
            <dd>
              <time dateTime={s.updatedAt}>{dateTimeFormat.format(new Date(s.updatedAt))}</time>
            </dd>
          </div>
          <div>
            <dt>Time to answer</dt>
            <dd>{duration(s.duration)}</dd>
          </div>
          <div>
            <dt>Spam</dt>
            <dd>{s.spam ? <span className="badge badge-danger">Spam</span> : "No"}</dd>
          </div>
          <div>
            <dt>Unique link</dt>
            <dd>{s.uniqueLinkId ? <code className="mono">{s.uniqueLinkId}</code> : "None (the form's public link)"}</dd>
          </div>
          <div>
            <dt>ID</dt>
            <dd>
              <code className="mono">{s.id}</code>
            </dd>
          </div>
        </dl>
        {!editing && (
          <div className="submission-actions">
            <button type="button" className="button button-primary" onClick={() => setEditing(true)}>
              Edit answers
            </button>
            <button
              type="button"
              className="button"
              disabled={spam.isPending}
              onClick={() => spam.mutate({ formUuid: form.uuid, ids: [s.id], spam: !s.spam })}
            >
              {s.spam ? "Not spam" : "Mark as spam"}
            </button>
            <button
              type="button"
              className="button button-danger"
              onClick={() => {
                remove.reset();
                setConfirming(true);
              }}
            >
              Delete
            </button>
          </div>
        )}
        {spam.isError && (
          <p className="alert alert-error" role="alert">
            {errorMessage(spam.error)}
          </p>
        )}
      </section>
      {editing ? (
        <EditAnswers
          detail={detail}
          elements={elements}
          onDone={async (saved) => {
            setEditing(false);
            if (saved) {
              setNotice("Answers saved.");
              await refresh();
            }
          }}
        />
      ) : (
        <section className="card answers" aria-labelledby="answers-title">
          <h2 id="answers-title">Answers</h2>
          <dl className="answer-list-all">
            {elements.map((el) => (
              <div key={el.id} className="answer-item">
                <dt>{el.label}</dt>
                <dd>
                  <AnswerView element={el} value={s.data[el.id]} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete this submission?"
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate({ formUuid: form.uuid, ids: [s.id] })}
      >
        <p>Its answers are gone for good, and the form&apos;s webhooks are told of the deletion. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}

function EditAnswers({ detail, elements, onDone }: { detail: Detail; elements: FormElement[]; onDone: (saved: boolean) => void }) {
  const trpc = useTRPC();
  const base = useId();
  const [data, setData] = useState<Record<string, unknown>>(detail.submission.data);
  const [issues, setIssues] = useState<Issue[]>([]);
  const update = useMutation(
    trpc.submissions.update.mutationOptions({
      onSuccess: (result) => {
        if (result.ok) onDone(true);
        else setIssues(result.issues);
      },
    }),
  );
  const issuesOf = (elId: string) => issues.filter((i) => i.path[0] === elId);
  const general = issues.filter((i) => typeof i.path[0] !== "string" || !elements.some((el) => el.id === i.path[0]));

  return (
    <SubmitForm
      className="card answers answers-edit"
      aria-labelledby="edit-title"
      onSubmit={() => {
        setIssues([]);
        update.mutate({ id: detail.submission.id, data });
      }}
    >
      <h2 id="edit-title">Edit answers</h2>
      <p className="hint">Answers are checked with the form&apos;s own rules when you save.</p>
      {issues.length > 0 && (
        <p className="alert alert-error" role="alert">
          {issues.length === 1 ? "One answer needs a change" : `${numberFormat.format(issues.length)} answers need a change`}: see the
          messages below.
        </p>
      )}
      {general.map((i, n) => (
        <p key={n} className="field-error">
          {i.message}
        </p>
      ))}
      {elements.map((el) => {
        const id = `${base}-${el.id}`;
        const mine = issuesOf(el.id);
        const errorId = `${id}-error`;
        const problem = mine.length > 0 && (
          <div className="field-error" id={errorId}>
            {mine.map((i, n) => (
              <p key={n}>{i.message}</p>
            ))}
          </div>
        );
        const editor = (
          <AnswerEditor
            element={el}
            id={id}
            value={data[el.id]}
            onChange={(v) => setData((d) => ({ ...d, [el.id]: v }))}
            describedBy={mine.length ? errorId : undefined}
          />
        );
        return isGroupEditor(el) ? (
          <fieldset
            key={el.id}
            className={mine.length ? "field editor-group is-invalid" : "field editor-group"}
            aria-describedby={mine.length ? errorId : undefined}
          >
            <legend>{el.label}</legend>
            {editor}
            {problem}
          </fieldset>
        ) : (
          <div key={el.id} className={mine.length ? "field is-invalid" : "field"}>
            <label htmlFor={id}>
              {el.label}
              {el.type === "hidden" && <span className="hint"> (hidden field)</span>}
            </label>
            {editor}
            {problem}
          </div>
        );
      })}
      <AlertError>{update.isError && errorMessage(update.error)}</AlertError>
      <div className="panel-actions">
        <button type="submit" className="button button-primary" disabled={update.isPending} aria-busy={update.isPending}>
          {update.isPending ? "Saving…" : "Save answers"}
        </button>
        <button type="button" className="button" onClick={() => onDone(false)} disabled={update.isPending}>
          Cancel
        </button>
      </div>
    </SubmitForm>
  );
}
