import "server-only";
import { randomUUID } from "node:crypto";
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { WebhookSource } from "@/db/schema";
import { DELIVERIES_CHANNEL, type SubmissionEvent } from "@/lib/webhook-events";
import type { EventSubject } from "./form-payload";
import { SOURCES } from "./sources";
import { currentRequestId } from "@/server/http/request-id";
import { presentFileAnswers } from "@/server/uploads/file-links";

/** One event as a delivery row for the webhooks of one source (its name there and its payload). */
type EventRow = { source: WebhookSource; event_id: string; event: string; payload: Record<string, unknown>; request_id: string | null };

/**
 * Writes one delivery per enabled webhook of the form subscribed to `event`, and a NOTIFY
 * that wakes the workers, inside the caller's transaction: the change and its event commit
 * together or not at all, and the workers wake only once both are visible. One statement.
 * Spam submissions make no events (callers need not check). Returns how many deliveries were
 * written. Every path that edits or deletes a submission calls it, e.g.
 *
 *   await db.transaction(async (tx) => {
 *     const [submission] = await tx.update(submissions).set(…).returning();
 *     await enqueueSubmissionEvent(tx, "Submission.Updated", { form, submission });
 *   });
 *
 * A new submission's event rides in the submit's own statement instead (create-submission.ts,
 * with `eventRows` and `deliveriesCtes`).
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
  if (submissions.every((s) => s.spam)) return 0;
  // Most forms have no webhook: look first (an index probe), so no payload is built for nobody.
  const listening = await tx.execute<{ source: WebhookSource; events: string[] }>(
    sql`select source, events from webhooks where form_id = ${form.id} and enabled`,
  );
  const sources = new Set<WebhookSource>();
  for (const { source, events } of listening) {
    const name = SOURCES[source]?.eventName(event);
    if (name && events.includes(name)) sources.add(source);
  }
  if (sources.size === 0) return 0;
  const occurredAt = new Date();
  // File answers as their signed links (server/uploads/file-links.ts).
  const shown = await presentFileAnswers(tx, submissions);
  const [row] = await tx.execute<{ n: number }>(sql`
    with ${deliveriesCtes(form.id, JSON.stringify(eventRows(event, form, shown, occurredAt, sources)), occurredAt.toISOString())}
    select (select count(*) from deliveries)::int as n, (select count(*) from notified)::int as notified`);
  return row?.n ?? 0;
}

/**
 * The delivery rows of `event` for these submissions (spam makes none), for each source in
 * `sources` (default: every source, for a statement that learns who listens only as it runs).
 * Payloads are built here, when the event happens; json, not jsonb, keeps their key order.
 */
export function eventRows(
  event: SubmissionEvent,
  form: EventSubject["form"],
  submissions: readonly EventSubject["submission"][],
  occurredAt: Date,
  sources: ReadonlySet<WebhookSource> = new Set(Object.keys(SOURCES) as WebhookSource[]),
): EventRow[] {
  return submissions
    .filter((s) => !s.spam)
    .flatMap((submission) => {
      const ctx = { form, submission, event, eventId: randomUUID(), occurredAt, test: false };
      return [...sources].flatMap((source) => {
        const spec = SOURCES[source];
        const name = spec?.eventName(event);
        if (!spec || !name) return [];
        // The request that caused the event: the worker logs the delivery under its id.
        return [{ source, event_id: ctx.eventId, event: name, payload: spec.payload(ctx), request_id: currentRequestId() ?? null }];
      });
    });
}

/**
 * Two CTEs for a statement's `with`: `deliveries` writes a row for each enabled webhook of the
 * form whose source and events match one of `rows` (eventRows as JSON), and `notified` wakes
 * the workers when there was any (read `notified` in the statement: an unread plain CTE never
 * runs). `gate`, a select, must yield a row for anything to be written (e.g. the submission was
 * stored). The values may be placeholders, for a statement built once.
 */
export function deliveriesCtes(
  formId: number | Placeholder,
  rowsJson: string | Placeholder,
  occurredAtIso: string | Placeholder,
  gate?: SQL,
): SQL {
  return sql`deliveries as (
      insert into webhook_deliveries (webhook_id, event_id, event_type, payload, request_id, created_at, next_attempt_at)
      select w.id, e.event_id, e.event, e.payload, e.request_id, ${occurredAtIso}::timestamptz, now()
      from webhooks w
      join json_to_recordset(${rowsJson}::json) as e(source text, event_id uuid, event text, payload json, request_id text)
        on e.source = w.source
      where w.form_id = ${formId}::int and w.enabled and e.event = any(w.events)${gate ? sql` and exists (${gate})` : sql``}
      returning 1
    ),
    notified as (select pg_notify(${DELIVERIES_CHANNEL}, '') from (select 1 from deliveries limit 1) one)`;
}
