"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import type { AppRouter } from "@/server/routers/app/router";
import { dataColumns } from "../_components/data-table/columns";
import { actionsColumn } from "../_components/data-table/common-columns";
import { DataTable, listPage } from "../_components/data-table/data-table";
import { dateTimeFormat } from "../_components/format";
import { DeliveryDetailsDialog } from "./delivery-details";

type Delivery = inferRouterOutputs<AppRouter>["webhooks"]["deliveries"]["deliveries"][number];

const STATUS_BADGE = { pending: "badge-info", succeeded: "badge-success", failed: "badge-danger" } as const;
const at = (iso: string) => <time dateTime={iso}>{dateTimeFormat.format(new Date(iso))}</time>;
const none = <span className="muted">—</span>;
const column = dataColumns<Delivery>();

const COLUMNS = [
  column.display({
    id: "event",
    header: "Event",
    meta: { className: "nowrap" },
    cell: ({ row: { original: d } }) => (
      <>
        {d.event}
        {d.test && <span className="badge badge-neutral delivery-test">Test</span>}
      </>
    ),
  }),
  column.display({
    id: "status",
    header: "Status",
    cell: ({ row: { original: d } }) => <span className={`badge ${STATUS_BADGE[d.status]}`}>{d.status}</span>,
  }),
  column.display({ id: "attempts", header: "Attempts", meta: { className: "num" }, cell: ({ row }) => row.original.attempts }),
  column.display({
    id: "response",
    header: "Last response",
    cell: ({ row: { original: d } }) => (
      <div>
        {d.lastStatusCode !== null && <span className="mono">HTTP {d.lastStatusCode}</span>}
        {d.lastError && d.lastError !== `HTTP ${d.lastStatusCode}` && <div className="delivery-error">{d.lastError}</div>}
        {d.lastStatusCode === null && !d.lastError && none}
      </div>
    ),
  }),
  column.display({
    id: "next",
    header: "Next attempt",
    meta: { className: "nowrap" },
    cell: ({ row }) => (row.original.nextAttemptAt ? at(row.original.nextAttemptAt) : none),
  }),
  column.display({ id: "created", header: "Time", meta: { className: "nowrap" }, cell: ({ row }) => at(row.original.createdAt) }),
];

/** The server's order (listDeliveries): newest first. */
const NEWEST_FIRST = { sorting: [{ id: "created", desc: true }] };

/** A webhook's deliveries, newest first, each with its Details (the body sent, every attempt's answer) and Replay (send again now). */
export function DeliveryLog({
  formUuid,
  webhookId,
  label,
  onNotice,
}: {
  formUuid: string;
  webhookId: number;
  label: string;
  onNotice: (text: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...trpc.webhooks.deliveries.queryOptions({ formUuid, id: webhookId, page }), placeholderData: keepPreviousData });
  const retry = useMutation(
    trpc.webhooks.retry.mutationOptions({
      onSuccess: async (d) => {
        onNotice(`Delivery of ${d.event} queued again (${d.status}).`);
        await queryClient.invalidateQueries(trpc.webhooks.deliveries.pathFilter());
      },
      onError: (err) => onNotice(`Could not replay: ${errorMessage(err)}`),
    }),
  );
  const [shown, setShown] = useState<string | null>(null);
  const replay = actionsColumn<Delivery>((d) => {
    const which = (
      <span className="visually-hidden">
        {" "}
        {d.event} delivery of {dateTimeFormat.format(new Date(d.createdAt))}
      </span>
    );
    return (
      <>
        <button type="button" className="button button-small" aria-haspopup="dialog" onClick={() => setShown(d.id)}>
          Details{which}
        </button>
        <button
          type="button"
          className="button button-small"
          disabled={retry.isPending}
          onClick={() => retry.mutate({ formUuid, id: webhookId, deliveryId: d.id })}
        >
          Replay{which}
        </button>
      </>
    );
  });

  return (
    <div className="deliveries">
      <DataTable
        caption={label}
        columns={[...COLUMNS, replay]}
        query={list}
        loading="Loading deliveries…"
        failed="Could not load the deliveries"
        rows={list.data?.deliveries}
        rowTestId="delivery-row"
        framed={false}
        paging={listPage(list.data, page, ["delivery", "deliveries"], { onPage: setPage })}
        sort={NEWEST_FIRST}
        empty={<p className="muted">No deliveries yet. Send a test to see one here.</p>}
      />
      <DeliveryDetailsDialog formUuid={formUuid} webhookId={webhookId} deliveryId={shown} onClose={() => setShown(null)} />
    </div>
  );
}
