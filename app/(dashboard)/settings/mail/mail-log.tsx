"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { dataColumns } from "../../_components/data-table/columns";
import { actionsColumn } from "../../_components/data-table/common-columns";
import { DataTable, listPage } from "../../_components/data-table/data-table";
import { dateFormat, dateTimeFormat, timeFormat } from "../../_components/format";
import { EmptyState } from "../../_components/list-states";
import { useListParams } from "../../_components/use-url-state";
import type { MailStatus } from "@/db/schema";
import type { MailLogEntry } from "@/server/mail/manage/serialize";
import { isMailStatus, KIND_LABELS, MailStatusBadge, STATUS_LABELS } from "./mail-labels";

/** A day and a time of day, which may wrap between them: the log has many columns to fit. */
function at(iso: string) {
  const when = new Date(iso);
  return (
    <time dateTime={iso}>
      <span className="nowrap">{dateFormat.format(when)}</span> <span className="nowrap">{timeFormat.format(when)}</span>
    </time>
  );
}
const none = <span className="muted">—</span>;
const column = dataColumns<MailLogEntry>();

const COLUMNS = [
  column.display({ id: "to", header: "Recipient", meta: { className: "wrap wrap-wide" }, cell: ({ row }) => row.original.to }),
  column.display({ id: "subject", header: "Subject", meta: { className: "wrap" }, cell: ({ row }) => row.original.subject }),
  column.display({ id: "kind", header: "Kind", cell: ({ row }) => KIND_LABELS[row.original.kind] }),
  column.display({ id: "status", header: "Status", cell: ({ row }) => <MailStatusBadge status={row.original.status} /> }),
  column.display({ id: "attempts", header: "Attempts", meta: { className: "num" }, cell: ({ row }) => row.original.attempts }),
  column.display({
    id: "reply",
    header: "Last SMTP reply",
    meta: { className: "wrap-words" },
    cell: ({ row }) => (row.original.lastReply ? <span className="mail-reply">{row.original.lastReply}</span> : none),
  }),
  column.display({
    id: "next",
    header: "Next attempt",
    cell: ({ row }) => (row.original.nextAttemptAt ? at(row.original.nextAttemptAt) : none),
  }),
  column.display({ id: "created", header: "Created", cell: ({ row }) => at(row.original.createdAt) }),
];

/** The server's order (listMailLog): newest first. */
const NEWEST_FIRST = { sorting: [{ id: "created", desc: true }] };

/** While a message of the page waits for an attempt, the page is read again this often, so its outcome shows. */
export const PENDING_REFRESH_MS = 2000;

/** The organization's messages, newest first, a page at a time, filtered by status (in the URL), each with Resend. */
export function MailLog({ onNotice }: { onNotice: (text: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useListParams();
  const raw = list.params.get("status");
  const status: MailStatus | null = isMailStatus(raw) ? raw : null;
  const log = useQuery({
    ...trpc.mail.log.queryOptions({ page: list.page, status: status ?? undefined }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.messages.some((m) => m.status === "pending") ? PENDING_REFRESH_MS : false),
  });
  const resend = useMutation(
    trpc.mail.resend.mutationOptions({
      onSuccess: async (m) => {
        onNotice(`The message to ${m.to} (“${m.subject}”) is queued to be sent again.`);
        await queryClient.invalidateQueries(trpc.mail.pathFilter());
      },
      onError: (err) => onNotice(`Could not resend: ${errorMessage(err)}`),
    }),
  );
  const actions = actionsColumn<MailLogEntry>((m) =>
    m.resendRefusal ? (
      <span className="hint">{m.resendRefusal}</span>
    ) : (
      <button type="button" className="button button-small" disabled={resend.isPending} onClick={() => resend.mutate({ id: m.id })}>
        {m.status === "pending" ? "Send now" : "Resend"}
        <span className="visually-hidden">
          {" "}
          the message to {m.to} of {dateTimeFormat.format(new Date(m.createdAt))}
        </span>
      </button>
    ),
  );
  const statusLabel = status && STATUS_LABELS[status].label.toLowerCase();

  return (
    <section className="mail-log" aria-labelledby="mail-log-title">
      <div className="toolbar mail-log-toolbar">
        <h2 id="mail-log-title">Mail log</h2>
        <div className="mail-filter">
          <label htmlFor="mail-status-filter">Show</label>
          <select
            id="mail-status-filter"
            className="select"
            value={status ?? ""}
            onChange={(e) => list.setParams({ status: e.target.value, page: null })}
          >
            <option value="">All messages</option>
            {(Object.keys(STATUS_LABELS) as MailStatus[]).map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s].label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <DataTable
        caption="Messages"
        columns={[...COLUMNS, actions]}
        query={log}
        loading="Loading the mail log…"
        failed="Could not load the mail log"
        rows={log.data?.messages}
        rowTestId="mail-row"
        className="mail-log-table"
        wide
        paging={listPage(log.data, list.page, ["message", "messages"], { onPage: list.setPage })}
        sort={NEWEST_FIRST}
        filtered={
          status && (
            <EmptyState
              title={`No ${statusLabel} messages`}
              button={{ label: "Show all messages", onClick: () => list.setParams({ status: null, page: null }) }}
            >
              None of your organization&apos;s messages is {statusLabel} right now.
            </EmptyState>
          )
        }
        empty={
          <EmptyState title="No messages yet">
            Test messages, response notifications, receipts and your members&apos; account mail are listed here. Send a test email to see
            one.
          </EmptyState>
        }
      />
    </section>
  );
}
