import "server-only";
import { dataByLabel } from "@/server/services/submissions/by-label";
import type { EventContext } from "./form-payload";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/** `Jul 01, 2026, 10:00` in UTC: the connector's `created_at` (not ISO 8601; e2e/api/connector/webhooks.spec.ts). */
export function connectorTimestamp(at: Date): string {
  return `${MONTHS[at.getUTCMonth()]} ${pad(at.getUTCDate())}, ${at.getUTCFullYear()}, ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
}

/**
 * What a connector subscription stores for a new submission (`POST /connector/webhooks`): values keyed by the
 * form's field labels, as v1 returns them. `retries_done` belongs to each attempt, so the body
 * adds it (connectorBody).
 */
export function connectorEventPayload(ctx: EventContext) {
  const { form, submission } = ctx;
  return {
    event_type: "submission.created",
    data: {
      id: submission.id,
      form_id: form.uuid,
      spam: submission.spam,
      created_at: connectorTimestamp(submission.createdAt),
      submission: dataByLabel(form.elements, submission.data),
    },
    event_id: ctx.eventId,
  };
}

/** The body of attempt `attempt` (1-based): the stored payload and the attempts before it. */
export const connectorBody = (payload: Record<string, unknown>, attempt: number) =>
  JSON.stringify({ ...payload, retries_done: attempt - 1 });
