import { relations, sql } from "drizzle-orm";
import { boolean, index, integer, json, pgTable, primaryKey, serial, text, uuid } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, timestamptz, updatedAt } from "./columns";
import { forms } from "./forms";
import { organizations, users } from "./organizations";
import { oauthGrants } from "./oauth";

/**
 * Form-level webhooks (source `form`, events Submission.Created/Updated/Deleted) and
 * connector subscriptions (source `connector`, event submission.created) share one table
 * so delivery has one path (server/webhooks/). ARCHITECTURE.md § Webhooks.
 */
export const webhooks = pgTable(
  "webhooks",
  {
    id: serial("id").primaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    formId: belongsTo("form_id", () => forms.id),
    source: text("source", { enum: ["form", "connector"] }).notNull(),
    /** The connector user who subscribed; only they may unsubscribe. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The OAuth connection a connector subscription came through; revoking it ends the subscription. */
    grantId: integer("grant_id").references(() => oauthGrants.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    /**
     * Standard Webhooks signing secret (`whsec_` + base64 key), kept as is: the worker needs
     * the key itself to sign every attempt, and an encryption key kept beside it in the same
     * database or environment would protect nothing that database access does not already
     * expose (the submissions themselves). Never logged; returned only on create and rotate.
     */
    secret: text("secret").notNull(),
    /** The secret before the last rotation: it signs too until `previousSecretExpiresAt`. */
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: timestamptz("previous_secret_expires_at"),
    enabled: boolean("enabled").notNull().default(true),
    /** Why the webhook is disabled (owner, `410 Gone`, 5 days of failures); null when enabled. */
    disabledReason: text("disabled_reason"),
    /** Start of the current run of failed attempts; null after a success. */
    failingSince: timestamptz("failing_since"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("webhooks_form_idx").on(t.formId, t.id), index("webhooks_org_idx").on(t.organizationId)],
);

export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * The outbox: one row per (event, webhook), written in the transaction of the change that
 * caused the event. The worker claims due rows (`FOR UPDATE SKIP LOCKED`), marks them with its
 * lease key while the attempt runs, and records each attempt's outcome on the row.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    /** Also the `webhook-id` header: the same for every attempt of this event to this webhook. */
    id: uuid("id").primaryKey().defaultRandom(),
    webhookId: belongsTo("webhook_id", () => webhooks.id),
    /** The event's id, shared by its deliveries to every webhook. */
    eventId: uuid("event_id").notNull(),
    eventType: text("event_type").notNull(),
    /**
     * The body as built when the event happened (a deleted submission as it was). `json`, not
     * `jsonb`: the text is kept as written, so receivers see the keys in the documented order.
     */
    payload: json("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull().default("pending"),
    /** false: one attempt only (test deliveries, manual retries of finished deliveries). */
    autoRetry: boolean("auto_retry").notNull().default(true),
    attempts: integer("attempts").notNull().default(0),
    /** When a pending delivery is due; null once it succeeded or failed. */
    nextAttemptAt: timestamptz("next_attempt_at").defaultNow(),
    /** Lease key of the process sending it right now (server/outbox/lease.ts); null when idle. */
    lockedBy: integer("locked_by"),
    lockedAt: timestamptz("locked_at"),
    lastAttemptAt: timestamptz("last_attempt_at"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    /** The X-Request-Id of the request that caused the event (server/http/request-id.ts); the worker logs under it. */
    requestId: text("request_id"),
    createdAt: createdAt(),
    deliveredAt: timestamptz("delivered_at"),
  },
  (t) => [
    // The claim walks the webhooks that have pending rows, then each one's due rows.
    index("webhook_deliveries_pending_idx")
      .on(t.webhookId, t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // When the next pending row falls due (the worker's timer).
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // Rows held by a lease, for the rescue of a dead worker's attempts.
    index("webhook_deliveries_locked_idx")
      .on(t.lockedBy)
      .where(sql`${t.lockedBy} is not null`),
    // A webhook's deliveries, newest first.
    index("webhook_deliveries_webhook_idx").on(t.webhookId, t.createdAt.desc(), t.id),
  ],
);

/**
 * Each attempt of a delivery, for the owner's delivery log: when, the answer's status (or what
 * went wrong without one), how long it took, and the first 4 KB of the answer's body as text.
 * Written in the statement that records the attempt's outcome; gone with its delivery.
 */
export const webhookDeliveryAttempts = pgTable(
  "webhook_delivery_attempts",
  {
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    /** 1 for the first attempt. */
    attempt: integer("attempt").notNull(),
    attemptedAt: timestamptz("attempted_at").notNull().defaultNow(),
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms"),
    /** The answer's body, its first 4 KB decoded as UTF-8; null without an answer. */
    responseExcerpt: text("response_excerpt"),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.attempt] })],
);

export const webhooksRelations = relations(webhooks, ({ one, many }) => ({
  form: one(forms, { fields: [webhooks.formId], references: [forms.id] }),
  deliveries: many(webhookDeliveries),
}));
export const webhookDeliveriesRelations = relations(webhookDeliveries, ({ one }) => ({
  webhook: one(webhooks, { fields: [webhookDeliveries.webhookId], references: [webhooks.id] }),
}));

export type Webhook = typeof webhooks.$inferSelect;
export type NewWebhook = typeof webhooks.$inferInsert;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type WebhookDeliveryAttempt = typeof webhookDeliveryAttempts.$inferSelect;
export type WebhookSource = Webhook["source"];
