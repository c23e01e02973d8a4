"use client";

import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTRPC } from "@/app/_trpc/client";
import { errorMessage } from "@/app/_trpc/errors";
import { dateTimeFormat } from "../_components/format";
import { ModalDialog } from "../_components/modal-dialog";

/** The body as sent, indented when it is JSON (it always is; a body that is not is shown as it is). */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/**
 * One delivery's details, in the dashboard's modal (ModalDialog: focus stays inside, Escape
 * closes, focus goes back to Details): the request body sent, and each attempt with its time,
 * the answer's status or what went wrong, how long it took, and the first 4 KB of what the
 * endpoint said. `deliveryId` null: closed.
 */
export function DeliveryDetailsDialog({
  formUuid,
  webhookId,
  deliveryId,
  onClose,
}: {
  formUuid: string;
  webhookId: number;
  deliveryId: string | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const titleId = useId();
  const detail = useQuery({
    ...trpc.webhooks.delivery.queryOptions({ formUuid, id: webhookId, deliveryId: deliveryId ?? "" }),
    enabled: deliveryId !== null,
  });

  const d = deliveryId === null ? undefined : detail.data;
  return (
    <ModalDialog open={deliveryId !== null} labelledBy={titleId} pending={false} onCancel={onClose} wide>
      <h2 id={titleId}>
        {d ? `${d.delivery.event} delivery` : "Delivery"}
        {d?.delivery.test && <span className="badge badge-neutral delivery-test">Test</span>}
      </h2>
      <div className="dialog-body delivery-details">
        {deliveryId !== null && detail.isPending && <p>Loading…</p>}
        {detail.isError && (
          <p className="alert alert-error" role="alert">
            {errorMessage(detail.error)}
          </p>
        )}
        {d && (
          <>
            {d.delivery.requestId && (
              <p className="muted">
                Caused by request <span className="mono">{d.delivery.requestId}</span> (the server&apos;s log lines for it carry this id)
              </p>
            )}
            <h3 className="details-heading">Request body</h3>
            <pre className="delivery-body" tabIndex={0} aria-label="Request body">
              {readable(d.requestBody)}
            </pre>
            <h3 className="details-heading">Attempts</h3>
            {d.attempts.length === 0 ? (
              <p className="muted">No attempt yet: it is on its way.</p>
            ) : (
              <ol className="attempt-list">
                {d.attempts.map((a) => (
                  <li key={a.attempt} className="attempt">
                    <p className="attempt-head">
                      <strong>Attempt {a.attempt}</strong>{" "}
                      <time dateTime={a.attemptedAt}>{dateTimeFormat.format(new Date(a.attemptedAt))}</time>
                      {" · "}
                      {a.statusCode !== null ? <span className="mono">HTTP {a.statusCode}</span> : (a.error ?? "No answer")}
                      {a.statusCode !== null && a.error && a.error !== `HTTP ${a.statusCode}` && ` (${a.error})`}
                      {a.durationMs !== null && ` · ${a.durationMs} ms`}
                    </p>
                    {a.responseExcerpt === null ? null : a.responseExcerpt === "" ? (
                      <p className="muted">The answer had no body.</p>
                    ) : (
                      <pre className="delivery-body" tabIndex={0} aria-label={`Answer to attempt ${a.attempt}`}>
                        {a.responseExcerpt}
                      </pre>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
