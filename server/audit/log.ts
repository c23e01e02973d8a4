import "server-only";
import { and, count, desc, eq, gte, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { auditEvents, type AuditActorType, type AuditEvent } from "@/db/schema";
import type { AuditAction } from "@/lib/audit-actions";
import { PAGE_SIZE, pageOffset } from "@/server/services/lib/pagination";

/** Which rows of an organization's log: by actor, action and a time range (since inclusive, until exclusive). */
export type AuditFilter = {
  actor?: { type: AuditActorType; id: string | null };
  action?: AuditAction;
  since?: Date;
  until?: Date;
};

/** The one tenant filter of the log, with the caller's filters. */
function auditWhere(organizationId: number, f: AuditFilter): SQL {
  return and(
    eq(auditEvents.organizationId, organizationId),
    f.actor && eq(auditEvents.actorType, f.actor.type),
    f.actor && (f.actor.id === null ? isNull(auditEvents.actorId) : eq(auditEvents.actorId, f.actor.id)),
    f.action && eq(auditEvents.action, f.action),
    f.since && gte(auditEvents.createdAt, f.since),
    f.until && lt(auditEvents.createdAt, f.until),
  )!;
}

const NEWEST_FIRST = [desc(auditEvents.createdAt), desc(auditEvents.id)];

/** A page of the log, newest first, 20 a page. */
export async function listAuditEvents(
  db: DbOrTx,
  organizationId: number,
  params: AuditFilter & { page: number },
): Promise<{ events: AuditEvent[]; total: number }> {
  const where = auditWhere(organizationId, params);
  const [events, [total]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(PAGE_SIZE)
      .offset(pageOffset(params.page)),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return { events, total: total?.n ?? 0 };
}

/** Everyone who appears in the log as an actor, with their latest label: the dashboard's actor filter. */
export async function listAuditActors(
  db: DbOrTx,
  organizationId: number,
): Promise<{ type: AuditActorType; id: string | null; label: string }[]> {
  return db
    .select({
      type: auditEvents.actorType,
      id: auditEvents.actorId,
      label: sql<string>`(array_agg(${auditEvents.actorLabel} order by ${auditEvents.createdAt} desc))[1]`,
    })
    .from(auditEvents)
    .where(eq(auditEvents.organizationId, organizationId))
    .groupBy(auditEvents.actorType, auditEvents.actorId)
    .orderBy(auditEvents.actorType, sql`2`)
    .limit(500);
}

/** Rows a batch of the CSV reads. */
const CSV_BATCH = 1000;

/**
 * Every row of the filtered log, newest first, a batch at a time by keyset (created_at, id),
 * so a long download holds no connection between batches and no more than one batch in memory.
 */
export async function* auditEventBatches(db: DbOrTx, organizationId: number, filter: AuditFilter): AsyncGenerator<AuditEvent[]> {
  let after: string | null = null;
  for (;;) {
    // The key is read from the row itself: a JS Date would cut created_at's microseconds.
    const where: SQL = after
      ? and(
          auditWhere(organizationId, filter),
          sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (select created_at, id from audit_events where id = ${after}::uuid)`,
        )!
      : auditWhere(organizationId, filter);
    const rows = await db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(CSV_BATCH);
    if (rows.length) yield rows;
    if (rows.length < CSV_BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}
