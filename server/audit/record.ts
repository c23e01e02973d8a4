import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { AuditActorType } from "@/db/schema";
import type { AuditAction } from "@/lib/audit-actions";

/**
 * Who did it, where from, and for which organization's log. `label` null: the row takes the
 * name the token or OAuth client has now (one subquery in the insert), so a caller that knows
 * only its id need not read it first.
 */
export type AuditActor = {
  organizationId: number;
  type: AuditActorType;
  id: string | null;
  label: string | null;
  ip: string | null;
  userAgent: string | null;
};

/** The object an action was done to, with its name at the time (or a subquery that reads it in the insert). */
export type AuditTarget = { type: string; id: string | number; label?: string | SQL | null };

/** Metadata values: ids, names, counts, flags. Never a secret or an answer value (the callers' rule; the tests check). */
export type AuditMetadata = Record<string, string | number | boolean | null | string[] | number[]>;

const actorLabelSql = (actor: AuditActor) => {
  if (actor.label !== null) return sql`${actor.label}`;
  if (actor.type === "api_token") return sql`coalesce((select name from api_tokens where id = ${Number(actor.id)}), '')`;
  if (actor.type === "oauth_client") return sql`coalesce((select name from oauth_clients where id = ${Number(actor.id)}), '')`;
  return sql`''`;
};

const targetLabelSql = (target: AuditTarget | null) => {
  const label = target?.label ?? null;
  return typeof label === "string" || label === null ? sql`${label}::text` : sql`(${label})`;
};

/**
 * Writes one row of the audit log in `tx`, the transaction of the action itself, so the row
 * exists exactly when the action happened (an account's own events: recordAccountAudit).
 */
export async function recordAudit(
  tx: DbOrTx,
  actor: AuditActor,
  action: AuditAction,
  target: AuditTarget | null,
  metadata: AuditMetadata = {},
): Promise<void> {
  await tx.execute(sql`
    insert into audit_events
      (organization_id, actor_type, actor_id, actor_label, action, target_type, target_id, target_label, ip, user_agent, metadata)
    values (${actor.organizationId}, ${actor.type}, ${actor.id}, ${actorLabelSql(actor)}, ${action},
      ${target?.type ?? null}, ${target === null ? null : String(target.id)}, ${targetLabelSql(target)},
      ${actor.ip}, ${actor.userAgent}, ${JSON.stringify(metadata)}::jsonb)`);
}
