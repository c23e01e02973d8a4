import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { WebhookSource } from "@/db/schema";
import { DELIVERIES_CHANNEL, type SubmissionEvent } from "./events";
import type { EventSubject } from "./form-payload";
import { SOURCES } from "./sources";

/**
 * Writes one delivery per enabled webhook of the form subscribed to `event`, and a NOTIFY
 * that wakes the workers, inside the caller's transaction: the change and its event commit
 * together or not at all, and the workers wake only once both are visible. One statement.
 * Spam submissions make no events (callers need not check). Returns how many deliveries were
 * written. Every path that stores, edits or deletes a submission calls it, e.g.
 *
 *   await db.transaction(async (tx) => {
 *     const [submission] = await tx.insert(submissions).values(…).returning();
 *     …
 *     await enqueueSubmissionEvent(tx, "Submission.Created", { form, submission });
 *   });
 */
export async function enqueueSubmissionEvent(tx: DbOrTx, event: SubmissionEvent, subject: EventSubject): Promise<number> {
  if (subject.submission.spam) return 0;
  // Most forms have no webhook: look first (an index probe), so no payload is built for nobody.
  const listening = await tx.execute<{ source: WebhookSource; events: string[] }>(
    sql`select source, events from webhooks where form_id = ${subject.form.id} and enabled`,
  );
  const ctx = { ...subject, event, eventId: randomUUID(), occurredAt: new Date(), test: false };
  // Per source: the event's name there and its payload (json, not jsonb: key order is kept).
  const bySource: Partial<Record<WebhookSource, { event: string; payload: Record<string, unknown> }>> = {};
  for (const { source, events } of listening) {
    const spec = SOURCES[source];
    const name = spec?.eventName(event);
    if (spec && name && events.includes(name) && !bySource[source]) bySource[source] = { event: name, payload: spec.payload(ctx) };
  }
  if (Object.keys(bySource).length === 0) return 0;
  const [row] = await tx.execute<{ n: number }>(sql`
    with inserted as (
      insert into webhook_deliveries (webhook_id, event_id, event_type, payload, created_at, next_attempt_at)
      select w.id, ${ctx.eventId}::uuid, s.value ->> 'event', s.value -> 'payload', ${ctx.occurredAt.toISOString()}::timestamptz, now()
      from webhooks w join json_each(${JSON.stringify(bySource)}::json) s on s.key = w.source
      where w.form_id = ${subject.form.id} and w.enabled and (s.value ->> 'event') = any(w.events)
      returning 1
    ),
    notified as (select pg_notify(${DELIVERIES_CHANNEL}, '') from (select 1 from inserted limit 1) one)
    select (select count(*) from inserted)::int as n, (select count(*) from notified)::int as notified`);
  return row?.n ?? 0;
}
