import "server-only";
import { isAuditAction, parseAuditActorKey } from "@/lib/audit-actions";
import { AppError } from "@/lib/errors";
import { parseDate } from "@/lib/values/values";
import type { AuditFilter } from "./log";

/** The log's filters as every caller spells them (query parameters, the dashboard's inputs). */
export type AuditFilterParams = { actor?: string; action?: string; since?: string; until?: string };

export const AUDIT_FILTER_MESSAGES = {
  actor: "actor must be user:<id>, api_token:<id>, oauth_client:<id> or system",
  action: "action must be one of the audit actions (see GET /api/v2/audit_events)",
  since: "since must be an ISO 8601 date or date-time",
  until: "until must be an ISO 8601 date or date-time",
  range: "since must be before until",
} as const;

const bad = (key: keyof typeof AUDIT_FILTER_MESSAGES) =>
  new AppError("BAD_REQUEST", AUDIT_FILTER_MESSAGES[key], { path: [key === "range" ? "until" : key], reason: "is not valid" });

/** An instant from a date (midnight UTC) or a date-time; null when it is neither. */
function instant(raw: string): Date | null {
  const parsed = parseDate(raw);
  if (!parsed || parsed.kind === "number") return null;
  return parsed.kind === "timestamp" ? parsed.value : new Date(`${parsed.value}T00:00:00.000Z`);
}

/** Checks and reads the filters; a bad one is a 400 naming it. Blank values are no filter. */
export function parseAuditFilter(params: AuditFilterParams): AuditFilter {
  const filter: AuditFilter = {};
  if (params.actor) filter.actor = parseAuditActorKey(params.actor.trim()) ?? undefined;
  if (params.actor && !filter.actor) throw bad("actor");
  if (params.action) {
    const action = params.action.trim();
    if (!isAuditAction(action)) throw bad("action");
    filter.action = action;
  }
  if (params.since) filter.since = instant(params.since) ?? undefined;
  if (params.since && !filter.since) throw bad("since");
  if (params.until) filter.until = instant(params.until) ?? undefined;
  if (params.until && !filter.until) throw bad("until");
  if (filter.since && filter.until && filter.since >= filter.until) throw bad("range");
  return filter;
}
