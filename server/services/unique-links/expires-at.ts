import "server-only";
import { parseDate } from "@/lib/values/values";

/**
 * `expires_at` as an instant: an ISO 8601 date-time (no offset = UTC) or a date
 * (`YYYY-MM-DD` = that day's start, UTC). Null when it is not ISO 8601.
 */
export function parseExpiresAt(raw: string): Date | null {
  const op = parseDate(raw);
  if (!op || op.kind === "number") return null;
  return op.kind === "timestamp" ? op.value : new Date(`${op.value}T00:00:00Z`);
}
