import "server-only";
import type { WebhookSource } from "@/db/schema";
import type { SubmissionEvent } from "@/lib/webhook-events";
import { connectorBody, connectorEventPayload } from "./connector-payload";
import { formEventPayload, type EventContext } from "./form-payload";

/**
 * What differs between the sources of webhooks — the event names they subscribe under and
 * the body they receive — so that enqueueing and delivery stay one generic path. The
 * connector's subscriptions (`POST /connector/webhooks`) add their entry here.
 */
export type SourceSpec = {
  /** The name under which this source subscribes to `event` (a webhook's `events`); null: never. */
  eventName(event: SubmissionEvent): string | null;
  /** The payload stored with the delivery when the event happens. */
  payload(ctx: EventContext): Record<string, unknown>;
  /** The body of attempt `attempt` (1-based); default: the stored payload as JSON. */
  body?(payload: Record<string, unknown>, attempt: number): string;
};

/** The one event of connector subscriptions. */
export const CONNECTOR_EVENT = "submission.created";

export const SOURCES: Partial<Record<WebhookSource, SourceSpec>> = {
  form: { eventName: (event) => event, payload: formEventPayload },
  // Connector subscriptions hear only of new submissions, as `submission.created`.
  connector: {
    eventName: (event) => (event === "Submission.Created" ? CONNECTOR_EVENT : null),
    payload: connectorEventPayload,
    body: connectorBody,
  },
};

/** The request body of one attempt of a delivery. */
export function deliveryBody(source: WebhookSource, payload: Record<string, unknown>, attempt: number): string {
  return SOURCES[source]?.body?.(payload, attempt) ?? JSON.stringify(payload);
}
