import "server-only";
import { z } from "zod";
import { AUDIT_ACTOR_TYPES, type AuditEvent } from "@/db/schema";

/** An audit row as every caller sees it (the v2 API, the dashboard). */
export const ZAuditEvent = z.object({
  id: z.string().describe("Event UUID"),
  action: z.string().describe("What happened, e.g. `webhook.secret_rotated` (the list is in the operation's description)"),
  actor: z.object({
    type: z.enum(AUDIT_ACTOR_TYPES).describe("`user`, `api_token`, `oauth_client` (a connected app) or `system`"),
    id: z.string().nullable().describe("The user's, token's or OAuth client's id; null for the system"),
    label: z.string().describe("Email, token name or app name at the time"),
  }),
  target: z
    .object({
      type: z.string().describe("`form`, `submission`, `webhook`, `api_token`, `oauth_grant`, `user`, …"),
      id: z.string(),
      label: z.string().nullable().describe("Its name at the time (a webhook: its URL's host)"),
    })
    .nullable(),
  ip: z.string().nullable().describe("The client's address (behind proxies: as TRUST_PROXY says)"),
  userAgent: z.string().nullable().describe("At most 300 characters"),
  metadata: z.record(z.string(), z.unknown()).describe("Details of the action (ids, names, counts); never secrets or answers"),
  createdAt: z.string().describe("ISO 8601"),
});
export type AuditEventView = z.infer<typeof ZAuditEvent>;

export function toAuditEvent(e: AuditEvent): AuditEventView {
  return {
    id: e.id,
    action: e.action,
    actor: { type: e.actorType, id: e.actorId, label: e.actorLabel },
    target: e.targetType === null || e.targetId === null ? null : { type: e.targetType, id: e.targetId, label: e.targetLabel },
    ip: e.ip,
    userAgent: e.userAgent,
    metadata: e.metadata,
    createdAt: e.createdAt.toISOString(),
  };
}
