import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { belongsTo, createdAt } from "./columns";
import { organizations } from "./organizations";

export const AUDIT_ACTOR_TYPES = ["user", "api_token", "oauth_client", "system"] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/**
 * The audit log: who did what to which object, from where. Append-only: rows are written by
 * server/audit/record.ts in the transaction of the action they describe and removed only by
 * the retention pruning (AUDIT_RETENTION_DAYS). Labels are copied as they were at the time,
 * so a row still reads right after its actor or target is renamed or deleted; `metadata` never
 * holds a secret or an answer value.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The organization whose admins read the row; an account event is written once per organization of the user. */
    organizationId: belongsTo("organization_id", () => organizations.id),
    actorType: text("actor_type", { enum: AUDIT_ACTOR_TYPES }).notNull(),
    /** The user's, token's or OAuth client's id, as text; null for the system. */
    actorId: text("actor_id"),
    actorLabel: text("actor_label").notNull().default(""),
    /** One of lib/audit-actions.ts. */
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    targetLabel: text("target_label"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    // The log's pages (newest first, id breaks ties) and its filters, within one organization.
    index("audit_events_org_created_idx").on(t.organizationId, t.createdAt.desc(), t.id.desc()),
    index("audit_events_org_action_idx").on(t.organizationId, t.action, t.createdAt.desc()),
    index("audit_events_org_actor_idx").on(t.organizationId, t.actorType, t.actorId, t.createdAt.desc()),
    // Retention pruning reads the oldest rows of every organization.
    index("audit_events_created_idx").on(t.createdAt),
  ],
);

export type AuditEvent = typeof auditEvents.$inferSelect;
