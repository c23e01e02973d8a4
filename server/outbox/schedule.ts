/**
 * When a failed outbox row (a webhook delivery, a message) is tried again. The schedule is the
 * wait after each failed attempt: WEBHOOK_RETRY_SCHEDULE (5 s … 24 h, ten attempts over about
 * three days) or MAIL_RETRY_SCHEDULE (1 min … 12 h, about two days), in server/env.ts.
 */
import "server-only";

/** A `Retry-After` longer than this is cut to it, so one answer cannot park a delivery for weeks. */
export const MAX_RETRY_AFTER_S = 86400;

/** ±10 %: spreads the retries of many deliveries that failed together (an endpoint outage). */
const JITTER = 0.1;

/**
 * Seconds until the next attempt after `attempts` attempts (this one included) have failed,
 * or null when the schedule is used up. A `Retry-After` (429/503) is honoured: the next
 * attempt is never earlier than it asks.
 */
export function retryDelaySeconds(
  schedule: readonly number[],
  attempts: number,
  retryAfterS: number | null,
  random: () => number = Math.random,
): number | null {
  const step = schedule[attempts - 1];
  if (step === undefined) return null;
  const jittered = step * (1 - JITTER + 2 * JITTER * random());
  return retryAfterS === null ? jittered : Math.max(jittered, Math.min(retryAfterS, MAX_RETRY_AFTER_S));
}

/**
 * `Retry-After` as seconds from now: delta-seconds or an HTTP date (RFC 9110 §10.2.3);
 * null when absent or unreadable.
 */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return null;
  const trimmed = v.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  // HTTP dates name a weekday and month; a bare number with a sign is no date.
  const at = /[a-z]/i.test(trimmed) ? Date.parse(trimmed) : NaN;
  return Number.isNaN(at) ? null : Math.max(0, (at - now) / 1000);
}
