import "server-only";
import { z } from "zod";
import { DELIVERY_STATUSES, type Webhook, type WebhookDelivery, type WebhookDeliveryAttempt } from "@/db/schema";
import { SUBMISSION_EVENTS, type SubmissionEvent } from "@/lib/webhook-events";

/** A form webhook as every surface shows it; the secret is never part of it. */
export const ZWebhook = z.object({
  id: z.number().int().describe("Webhook id"),
  url: z.string().describe("Endpoint URL"),
  events: z.array(z.enum(SUBMISSION_EVENTS)).describe("Events it receives"),
  enabled: z.boolean().describe("false: no deliveries are made (also set by `410 Gone` or 5 days of failures)"),
  disabledReason: z.string().nullable().describe("Why it is disabled; null when enabled"),
  createdAt: z.string().describe("ISO 8601"),
  updatedAt: z.string().describe("ISO 8601"),
});

export const toWebhook = (w: Webhook): z.infer<typeof ZWebhook> => ({
  id: w.id,
  url: w.url,
  events: w.events as SubmissionEvent[],
  enabled: w.enabled,
  disabledReason: w.disabledReason,
  createdAt: w.createdAt.toISOString(),
  updatedAt: w.updatedAt.toISOString(),
});

export const ZSecret = z
  .string()
  .describe("Signing secret (`whsec_…`), shown only on creation and rotation: verify `webhook-signature` with it");

/** A webhook with its secret: the answer of creation only. */
export const ZCreatedWebhook = ZWebhook.extend({ secret: ZSecret });

export const toCreatedWebhook = (w: Webhook): z.infer<typeof ZCreatedWebhook> => ({ ...toWebhook(w), secret: w.secret });

export const ZDelivery = z.object({
  id: z.string().describe("Delivery UUID; also the `webhook-id` header of each attempt"),
  eventId: z.string().describe("Event UUID (`eventId` of the payload), shared by the event's deliveries to every webhook"),
  event: z.string().describe("Event name"),
  status: z
    .enum(DELIVERY_STATUSES)
    .describe(
      "pending: waiting for its next attempt or being sent; succeeded; failed: retries used up, webhook disabled, or a test that failed",
    ),
  test: z.boolean().describe("A test delivery (Send test): made-up answers, tried once"),
  attempts: z.number().int().describe("Attempts made"),
  lastStatusCode: z.number().int().nullable().describe("HTTP status of the last attempt; null without an answer"),
  lastError: z
    .string()
    .nullable()
    .describe("What went wrong in the last attempt, e.g. `HTTP 500`, `Connection refused`, `Timed out after 15 s`"),
  nextAttemptAt: z.string().nullable().describe("When the next attempt is due (pending only)"),
  createdAt: z.string().describe("When the event happened, ISO 8601"),
  deliveredAt: z.string().nullable().describe("When an attempt succeeded"),
  requestId: z
    .string()
    .nullable()
    .describe("The `X-Request-Id` of the request that caused the event (null when none did); the server logs each attempt under it"),
});

export const toDelivery = (d: WebhookDelivery): z.infer<typeof ZDelivery> => ({
  id: d.id,
  eventId: d.eventId,
  event: d.eventType,
  status: d.status,
  test: d.payload.test === true,
  attempts: d.attempts,
  lastStatusCode: d.lastStatusCode,
  lastError: d.lastError,
  nextAttemptAt: d.status === "pending" ? (d.nextAttemptAt?.toISOString() ?? null) : null,
  createdAt: d.createdAt.toISOString(),
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
  requestId: d.requestId,
});

/** A connector subscription as `POST /connector/webhooks` answers it (snake_case, like the connector's other shapes). */
export const ZConnectorSubscription = z.object({
  id: z.number().int().describe("Subscription id, for DELETE /webhooks/{id}"),
  organization_id: z.number().int(),
  form_id: z.number().int(),
  target_url: z.string(),
  events: z.array(z.string()).describe('Always ["submission.created"]'),
  source: z.literal("connector"),
  created_at: z.string().describe("ISO 8601"),
});

export const toConnectorSubscription = (
  w: Pick<Webhook, "id" | "organizationId" | "formId" | "url" | "events" | "createdAt">,
): z.infer<typeof ZConnectorSubscription> => ({
  id: w.id,
  organization_id: w.organizationId,
  form_id: w.formId,
  target_url: w.url,
  events: w.events,
  source: "connector",
  created_at: w.createdAt.toISOString(),
});

/** One attempt of a delivery, for the dashboard's delivery log. */
export const ZDeliveryAttempt = z.object({
  attempt: z.number().int(),
  attemptedAt: z.string(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  responseExcerpt: z.string().nullable().describe("The first 4 KB of the answer's body; null without an answer"),
});

export const toDeliveryAttempt = (a: WebhookDeliveryAttempt): z.infer<typeof ZDeliveryAttempt> => ({
  attempt: a.attempt,
  attemptedAt: a.attemptedAt.toISOString(),
  statusCode: a.statusCode,
  error: a.error,
  durationMs: a.durationMs,
  responseExcerpt: a.responseExcerpt,
});
