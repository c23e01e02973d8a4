"use client";

import "./audit.css";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage, isForbidden } from "@/app/_trpc/errors";
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, AUDIT_ACTOR_LABELS, auditActorKey, isAuditAction } from "@/lib/audit-actions";
import { AUDIT_LOG_EXPORT_PATH } from "@/lib/app-paths";
import type { AuditEventView } from "@/server/audit/serialize";
import { dataColumns } from "../../_components/data-table/columns";
import { DataTable, listPage } from "../../_components/data-table/data-table";
import { dateFormat, timeFormat } from "../../_components/format";
import { EmptyState } from "../../_components/list-states";
import { PageHeader } from "../../_components/page-header";
import { useListParams } from "../../_components/use-url-state";
import { auditRange } from "./audit-range";

/** The full instant on hover: date, time with seconds and the viewer's time zone. */
const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeStyle: "long" });

function When({ at }: { at: string }) {
  const when = new Date(at);
  return (
    <time dateTime={at} title={fullFormat.format(when)}>
      <span className="nowrap">{dateFormat.format(when)}</span> <span className="nowrap">{timeFormat.format(when)}</span>
    </time>
  );
}

const none = <span className="muted">—</span>;
const column = dataColumns<AuditEventView>();

const COLUMNS = [
  column.display({ id: "when", header: "When", cell: ({ row }) => <When at={row.original.createdAt} /> }),
  column.display({
    id: "actor",
    header: "Actor",
    meta: { className: "wrap wrap-wide" },
    cell: ({ row }) => (
      <>
        <span className="audit-name">{row.original.actor.label || none}</span>
        <span className="hint">{AUDIT_ACTOR_LABELS[row.original.actor.type]}</span>
      </>
    ),
  }),
  column.display({
    id: "action",
    header: "Action",
    meta: { className: "wrap" },
    cell: ({ row }) => (
      <>
        <span>{isAuditAction(row.original.action) ? AUDIT_ACTIONS[row.original.action] : row.original.action}</span>
        <code className="hint audit-code">{row.original.action}</code>
      </>
    ),
  }),
  column.display({
    id: "target",
    header: "Target",
    meta: { className: "wrap wrap-wide" },
    cell: ({ row }) => {
      const t = row.original.target;
      if (!t) return none;
      return (
        <>
          <span className="audit-name">{t.label || t.id}</span>
          <span className="hint">{t.type.replaceAll("_", " ")}</span>
        </>
      );
    },
  }),
  column.display({
    id: "ip",
    header: "IP address",
    meta: { className: "wrap" },
    cell: ({ row }) =>
      row.original.ip ? (
        <span title={row.original.userAgent ?? undefined} className="audit-ip">
          {row.original.ip}
        </span>
      ) : (
        none
      ),
  }),
];

/** The server's order: newest first. */
const NEWEST_FIRST = { sorting: [{ id: "when", desc: true }] };

/** Settings → Audit log: who did what in the organization, filtered by actor, action and days, a page at a time, and as CSV. */
export function AuditLogView() {
  const trpc = useTRPC();
  const list = useListParams();
  const actor = list.params.get("actor") ?? "";
  const rawAction = list.params.get("action") ?? "";
  const action = isAuditAction(rawAction) ? rawAction : "";
  const from = list.params.get("from") ?? "";
  const to = list.params.get("to") ?? "";
  const range = auditRange(from || null, to || null);
  const filters = { actor: actor || undefined, action: action || undefined, since: range.since, until: range.until };
  const log = useQuery({
    ...trpc.audit.list.queryOptions({ page: list.page, ...filters }),
    placeholderData: keepPreviousData,
    enabled: !range.problem,
  });
  const actors = useQuery(trpc.audit.actors.queryOptions());
  const filtered = Boolean(actor || action || from || to);
  const clear = () => list.setParams({ actor: null, action: null, from: null, to: null, page: null });
  const csv = new URLSearchParams(Object.entries(filters).flatMap(([k, v]) => (v ? [[k, v]] : [])));
  const csvHref = `${AUDIT_LOG_EXPORT_PATH}${csv.size ? `?${csv}` : ""}`;

  if (log.isError && isForbidden(log.error)) {
    return (
      <>
        <PageHeader title="Audit log" />
        <section className="card state" role="alert">
          <h2>You cannot read the audit log</h2>
          <p className="muted">{errorMessage(log.error)}.</p>
        </section>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Who did what in your organization, when and from where: sign-ins, tokens, webhooks, forms and answers. Kept one year."
        actions={
          <a className="button" href={csvHref} download aria-disabled={range.problem ? true : undefined}>
            Download CSV
          </a>
        }
      />
      <form className="card audit-filters" aria-label="Filter the audit log" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="audit-actor">Actor</label>
          <select id="audit-actor" value={actor} onChange={(e) => list.setParams({ actor: e.target.value, page: null })}>
            <option value="">Anyone</option>
            {actors.data?.map((a) => (
              <option key={auditActorKey(a)} value={auditActorKey(a)}>
                {a.label || auditActorKey(a)} ({AUDIT_ACTOR_LABELS[a.type]})
              </option>
            ))}
            {actor && !actors.data?.some((a) => auditActorKey(a) === actor) && <option value={actor}>{actor}</option>}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-action">Action</label>
          <select id="audit-action" value={action} onChange={(e) => list.setParams({ action: e.target.value, page: null })}>
            <option value="">Any action</option>
            {AUDIT_ACTION_NAMES.map((name) => (
              <option key={name} value={name}>
                {AUDIT_ACTIONS[name]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-from">From</label>
          <input
            id="audit-from"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => list.setParams({ from: e.target.value, page: null })}
          />
        </div>
        <div className="field">
          <label htmlFor="audit-to">To</label>
          <input
            id="audit-to"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => list.setParams({ to: e.target.value, page: null })}
          />
        </div>
        {filtered && (
          <button type="button" className="button audit-clear" onClick={clear}>
            Clear filters
          </button>
        )}
      </form>
      {range.problem ? (
        <p className="alert alert-error" role="alert">
          {range.problem}
        </p>
      ) : (
        <DataTable
          caption="Audit events"
          columns={COLUMNS}
          query={log}
          loading="Loading the audit log…"
          failed="Could not load the audit log"
          rows={log.data?.events}
          rowTestId="audit-row"
          className="audit-table"
          wide
          paging={listPage(log.data, list.page, ["event", "events"], { onPage: list.setPage })}
          sort={NEWEST_FIRST}
          filtered={
            filtered && (
              <EmptyState title="No matching events" button={{ label: "Clear filters", onClick: clear }}>
                Nothing in the log matches these filters.
              </EmptyState>
            )
          }
          empty={
            <EmptyState title="Nothing logged yet">
              Sign-ins, API tokens, webhooks, published forms and changes to answers are logged here as they happen.
            </EmptyState>
          }
        />
      )}
    </>
  );
}
