"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { dateTimeFormat } from "../_components/format";
import { ListPagination } from "../_components/list-pagination";
import { QueryState } from "../_components/list-states";

const STATUS_BADGE = { pending: "badge-info", succeeded: "badge-success", failed: "badge-danger" } as const;
const at = (iso: string) => <time dateTime={iso}>{dateTimeFormat.format(new Date(iso))}</time>;

/** A webhook's deliveries, newest first, each with Replay (send again now). */
export function DeliveryLog({ formUuid, webhookId, label, onNotice }: { formUuid: string; webhookId: number; label: string; onNotice: (text: string) => void }) {
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
      onError: (err) => onNotice(`Could not replay: ${errorMessage(err)} (webhooks.retry)`),
    }),
  );

  if (list.isPending || list.isError) return <QueryState query={list} loading="Loading deliveries…" failed="Could not load the deliveries" selectable={false} />;
  const { deliveries, total, totalPages, perPage } = list.data;
  if (total === 0) return <p className="muted">No deliveries yet. Send a test to see one here.</p>;
  return (
    <div className="deliveries">
      <div className="table-wrap">
        <table className="table" aria-label={label}>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Attempts
              </th>
              <th scope="col">Last response</th>
              <th scope="col">Next attempt</th>
              <th scope="col">Time</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((d) => (
              <tr key={d.id} data-testid="delivery-row">
                <td className="nowrap">{d.event}</td>
                <td>
                  <span className={`badge ${STATUS_BADGE[d.status]}`}>{d.status}</span>
                </td>
                <td className="num">{d.attempts}</td>
                <td>
                  {d.lastStatusCode !== null && <span className="mono">HTTP {d.lastStatusCode}</span>}
                  {d.lastError && d.lastError !== `HTTP ${d.lastStatusCode}` && <div className="delivery-error">{d.lastError}</div>}
                  {d.lastStatusCode === null && !d.lastError && <span className="muted">—</span>}
                </td>
                <td className="nowrap">{d.nextAttemptAt ? at(d.nextAttemptAt) : <span className="muted">—</span>}</td>
                <td className="nowrap">{at(d.createdAt)}</td>
                <td>
                  <button
                    type="button"
                    className="button button-small"
                    disabled={retry.isPending}
                    onClick={() => retry.mutate({ formUuid, id: webhookId, deliveryId: d.id })}
                  >
                    Replay<span className="visually-hidden"> {d.event} delivery of {dateTimeFormat.format(new Date(d.createdAt))}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ListPagination page={page} perPage={perPage} total={total} totalPages={totalPages} shown={deliveries.length} noun={["delivery", "deliveries"]} nav={{ onPage: setPage }} />
    </div>
  );
}
