import { relations, sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, timestamptz } from "./columns";
import { forms } from "./forms";
import { organizations, users } from "./organizations";

/**
 * v2 organization tokens and v1 per-form tokens. Only a SHA-256 of the token is stored;
 * the plaintext is shown once at creation.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: serial("id").primaryKey(),
    organizationId: belongsTo("organization_id", () => organizations.id),
    kind: text("kind", { enum: ["v2", "v1"] }).notNull(),
    /** v1 tokens belong to exactly one form. */
    formId: integer("form_id").references(() => forms.id, { onDelete: "cascade" }),
    /** v2 tokens: null = every form of the organization, otherwise only these form ids. */
    allowedFormIds: integer("allowed_form_ids").array(),
    name: text("name").notNull().default(""),
    /** First characters of the token, safe to display so users can tell tokens apart. */
    displayPrefix: text("display_prefix").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    scopes: text("scopes").array().notNull(),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    lastUsedAt: timestamptz("last_used_at"),
    usageCount: bigint("usage_count", { mode: "number" }).notNull().default(0),
    revokedAt: timestamptz("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("api_tokens_org_idx").on(t.organizationId, t.createdAt.desc())],
);

/**
 * Fixed-window request counters, shared by every instance on the database.
 * key is e.g. `api:<tokenId>` or `signin:client:<address>`; a row is dead once its window
 * has ended (`expires_at`) and is purged (server/services/lib/rate-limit.ts).
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").primaryKey(),
    windowStart: timestamptz("window_start").notNull(),
    count: integer("count").notNull(),
    expiresAt: timestamptz("expires_at").notNull().defaultNow(),
  },
  (t) => [index("rate_limit_counters_expires_idx").on(t.expiresAt)],
);

/** Process-independent settings the service generates for itself (e.g. the session secret). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamptz("created_at")
    .notNull()
    .default(sql`now()`),
});

export const apiTokensRelations = relations(apiTokens, ({ one }) => ({
  organization: one(organizations, { fields: [apiTokens.organizationId], references: [organizations.id] }),
  form: one(forms, { fields: [apiTokens.formId], references: [forms.id] }),
}));

export type ApiToken = typeof apiTokens.$inferSelect;
export type NewApiToken = typeof apiTokens.$inferInsert;
