import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, timestamptz, updatedAt } from "./columns";
import { forms } from "./forms";
import { organizations, users } from "./organizations";

export const MAIL_KINDS = [
  "password_reset",
  "email_change",
  "email_changed",
  "notification",
  "digest",
  "receipt",
  "test",
  "invitation",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * pending: waiting for an attempt (or a retry); sent: the SMTP server accepted it; failed: a
 * permanent rejection or the retries ran out; unsent: no mail server was configured; capped: a
 * receipt over its form's or recipient's limit, never sent.
 */
export const MAIL_STATUSES = ["pending", "sent", "failed", "unsent", "capped"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * The mail outbox and the mail log in one: a row per message, written in the transaction of
 * its cause and sent by the outbox workers (server/mail/). `idempotency_key` names the cause
 * (`receipt:<submission id>`), so a cause makes one message however often it is replayed.
 */
export const mailMessages = pgTable(
  "mail_messages",
  {
    /** Also the Message-ID's local part: a message sent again after a crash keeps its id. */
    id: uuid("id").primaryKey().defaultRandom(),
    /** The organization whose mail log shows it; null for a user's own account mail. */
    organizationId: integer("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    formId: integer("form_id").references(() => forms.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: MAIL_KINDS }).notNull(),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    /** The X-Request-Id of the request that caused the message, if any; the worker logs under it. */
    requestId: text("request_id"),
    /**
     * What the kind's template renders (server/mail/templates/). A one-time link lives under
     * `secret` and is removed once the message is sent or given up, so no log shows it again.
     */
    content: jsonb("content").$type<Record<string, unknown>>().notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** The SMTP server's last reply (or the connection's error), as it said it. */
    lastReply: text("last_reply"),
    nextAttemptAt: timestamptz("next_attempt_at").defaultNow(),
    /** Lease key of the process sending it right now (server/outbox/lease.ts); null when idle. */
    lockedBy: integer("locked_by"),
    lockedAt: timestamptz("locked_at"),
    lastAttemptAt: timestamptz("last_attempt_at"),
    sentAt: timestamptz("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("mail_messages_idempotency_key_idx").on(t.idempotencyKey),
    index("mail_messages_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index("mail_messages_org_idx").on(t.organizationId, t.createdAt),
    index("mail_messages_user_idx").on(t.userId),
    // The rescue of a dead worker's rows runs every second: it reads the claimed rows only.
    index("mail_messages_locked_idx")
      .on(t.lockedBy)
      .where(sql`locked_by is not null`),
    // The receipt caps count from the log: per form per hour, per address per day (server/mail/response-mail.ts).
    index("mail_messages_receipts_form_idx")
      .on(t.formId, t.createdAt)
      .where(sql`kind = 'receipt' and status <> 'capped'`),
    index("mail_messages_receipts_to_idx")
      .on(sql`lower(${t.toAddress})`, t.createdAt)
      .where(sql`kind = 'receipt' and status <> 'capped'`),
  ],
);

/** A password reset link: the token is shown once (in the mail) and kept as its SHA-256. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: belongsTo("user_id", () => users.id),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

/** A change of sign-in email, waiting for the link sent to the new address. */
export const emailChangeRequests = pgTable(
  "email_change_requests",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: belongsTo("user_id", () => users.id),
    newEmail: text("new_email").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_change_requests_user_idx").on(t.userId)],
);

export const NOTIFICATION_MODES = ["each", "digest"] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

/** A member's mail about a form's new responses: each one, or a daily digest. No row: none. */
export const formNotifications = pgTable(
  "form_notifications",
  {
    userId: belongsTo("user_id", () => users.id),
    formId: belongsTo("form_id", () => forms.id),
    mode: text("mode", { enum: NOTIFICATION_MODES }).notNull(),
    /** The end of the period the last digest covered. */
    digestThrough: timestamptz("digest_through").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.formId] }), index("form_notifications_form_idx").on(t.formId)],
);

/** A form's receipt to respondents: sent to the answer of `emailField`, replies going to `replyToUserId`. */
export const formReceipts = pgTable("form_receipts", {
  formId: belongsTo("form_id", () => forms.id).primaryKey(),
  enabled: boolean("enabled").notNull().default(true),
  emailField: text("email_field").notNull(),
  subject: text("subject").notNull(),
  /** Plain text with {{field label}} placeholders; never HTML. */
  message: text("message").notNull(),
  includeAnswers: boolean("include_answers").notNull().default(false),
  replyToUserId: integer("reply_to_user_id").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

export type MailMessage = typeof mailMessages.$inferSelect;
export type FormReceipt = typeof formReceipts.$inferSelect;
