import { relations } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";
import { forms } from "./forms";
import { organizations, users } from "./organizations";
import { oauthClients } from "./oauth";

/*
 * Drafted with the first migration, before any code used them: the issue that builds webhook
 * delivery may reshape these tables as delivery needs.
 */

/**
 * Form-level webhooks (source `form`, events Submission.Created/Updated/Deleted) and
 * connector subscriptions (source `connector`, event submission.created) share one table
 * so delivery has one path.
 */
export const webhooks = pgTable(
  "webhooks",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    formId: integer("form_id")
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    source: text("source", { enum: ["form", "connector"] }).notNull(),
    /** The connector user who subscribed; only they may unsubscribe. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    oauthClientId: integer("oauth_client_id").references(() => oauthClients.id, { onDelete: "cascade" }),
    targetUrl: text("target_url").notNull(),
    events: text("events").array().notNull(),
    /** HMAC key for the signature header of each delivery. */
    signingSecret: text("signing_secret").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("webhooks_form_idx").on(t.formId), index("webhooks_org_idx").on(t.organizationId)],
);

/** One row per (event, webhook): the durable outbox that the worker drains with retries. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    webhookId: integer("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    eventId: uuid("event_id").notNull().defaultRandom(),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: ["pending", "succeeded", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    deliveredAt: timestamptz("delivered_at"),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_webhook_idx").on(t.webhookId, t.createdAt.desc()),
  ],
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
