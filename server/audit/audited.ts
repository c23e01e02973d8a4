import "server-only";
import type { DbOrTx } from "@/db";
import type { AuditAction } from "@/lib/audit-actions";
import { auditActorFrom, type AuditableContext } from "./actor";
import { recordAudit, type AuditMetadata, type AuditTarget } from "./record";

/** What an action's row says: the action, its object, and metadata (never secrets or answers). */
export type AuditEntry = { action: AuditAction; target: AuditTarget | null; metadata?: AuditMetadata };

/**
 * A procedure's action and its audit row in one transaction: `run` does the work in `tx`, then
 * `entry` describes its result (null: nothing happened that the log keeps, e.g. no row matched).
 * The actor is the request's (auditActorFrom). If either fails, neither is written.
 */
export async function audited<T>(
  ctx: AuditableContext & { db: DbOrTx },
  run: (tx: DbOrTx) => Promise<T>,
  entry: (result: T) => AuditEntry | null,
): Promise<T> {
  const actor = auditActorFrom(ctx);
  return ctx.db.transaction(async (tx) => {
    const result = await run(tx);
    const e = entry(result);
    if (e) await recordAudit(tx, actor, e.action, e.target, e.metadata);
    return result;
  });
}
