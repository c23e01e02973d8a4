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
  return enqueueSubmissionEvents(tx, event, subject.form, [subject.submission]);
}

/**
 * The same for several submissions of one form at once (a bulk change): one event each, one
 * lookup of the form's webhooks and one insert for all of them.
 */
export async function enqueueSubmissionEvents(
  tx: DbOrTx,
  event: SubmissionEvent,
  form: EventSubject["form"],
  submissions: readonly EventSubject["submission"][],
): Promise<number> {
  const wanted = submissions.filter((s) => !s.spam);
  if (wanted.length === 0) return 0;
  // Most forms have no webhook: look first (an index probe), so no payload is built for nobody.
  const listening = await tx.execute<{ source: WebhookSource; events: string[] }>(
    sql`select source, events from webhooks where form_id = ${form.id} and enabled`,
  );
  // Per listening source: the event's name there (json, not jsonb: a payload's key order is kept).
  const sources = new Map<WebhookSource, string>();
  for (const { source, events } of listening) {
    const name = SOURCES[source]?.eventName(event);
    if (name && events.includes(name)) sources.set(source, name);
  }
  if (sources.size === 0) return 0;
  const occurredAt = new Date();
  const rows = wanted.flatMap((submission) => {
    const ctx = { form, submission, event, eventId: randomUUID(), occurredAt, test: false };
    return [...sources].map(([source, name]) => ({ source, event_id: ctx.eventId, event: name, payload: SOURCES[source]!.payload(ctx) }));
  });
  const [row] = await tx.execute<{ n: number }>(sql`
    with inserted as (
      insert into webhook_deliveries (webhook_id, event_id, event_type, payload, created_at, next_attempt_at)
      select w.id, e.event_id, e.event, e.payload, ${occurredAt.toISOString()}::timestamptz, now()
      from webhooks w
      join json_to_recordset(${JSON.stringify(rows)}::json) as e(source text, event_id uuid, event text, payload json) on e.source = w.source
      where w.form_id = ${form.id} and w.enabled and e.event = any(w.events)
      returning 1
    ),
    notified as (select pg_notify(${DELIVERIES_CHANNEL}, '') from (select 1 from inserted limit 1) one)
    select (select count(*) from inserted)::int as n, (select count(*) from notified)::int as notified`);
  return row?.n ?? 0;
}
