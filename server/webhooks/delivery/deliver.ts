import "server-only";
import type { Dispatcher } from "undici";
import type { DbOrTx } from "@/db";
import { log, logError } from "@/server/log";
import { runAsRequest } from "@/server/http/request-id";
import { disableWebhook, recordFailure, recordSuccess, removeSubscription, type ClaimedDelivery } from "./outbox";
import { postAttempt, type AttemptOutcome } from "./post";
import { retryDelaySeconds } from "@/server/outbox/schedule";
import { signedHeaders } from "./signature";
import { deliveryBody } from "./sources";

/** An endpoint that has failed every attempt for this long is disabled. */
export const DISABLE_AFTER_S = 5 * 86400;

export const GONE_REASON = "Disabled automatically: the endpoint answered 410 Gone";
export const failingReason = (error: string) => `Disabled automatically: every delivery failed for 5 days (last error: ${error})`;

export type DeliveryEngine = {
  db: DbOrTx;
  dispatcher: Dispatcher;
  /** Seconds to wait after each failed attempt (WEBHOOK_RETRY_SCHEDULE). */
  schedule: readonly number[];
  timeoutMs?: number;
};

/**
 * One attempt of a claimed delivery: body and signatures made afresh (a new timestamp each
 * time), one POST, the outcome recorded — success, a retry on the schedule, or failed for
 * good — and the webhook disabled on `410 Gone` or after 5 days of failures.
 */
export async function attemptDelivery(engine: DeliveryEngine, leaseKey: number, d: ClaimedDelivery): Promise<AttemptOutcome> {
  // Logged as the request that caused the event, so one id follows it from the submit to the receiver's answer.
  return d.requestId ? runAsRequest(d.requestId, () => sendAttempt(engine, leaseKey, d)) : sendAttempt(engine, leaseKey, d);
}

async function sendAttempt(engine: DeliveryEngine, leaseKey: number, d: ClaimedDelivery): Promise<AttemptOutcome> {
  const attempt = d.attempts + 1;
  const body = deliveryBody(d.source, d.payload, attempt);
  const outcome = await postAttempt(engine.dispatcher, d.url, signedHeaders(d.secrets, d.id, body), body, engine.timeoutMs);
  await withRetries(() => record(engine, leaseKey, d, attempt, outcome), { deliveryId: d.id });
  return outcome;
}

async function record(engine: DeliveryEngine, leaseKey: number, d: ClaimedDelivery, attempt: number, outcome: AttemptOutcome) {
  const entry = {
    attempt,
    statusCode: outcome.statusCode,
    error: outcome.ok ? null : outcome.error,
    durationMs: outcome.durationMs,
    responseExcerpt: outcome.responseExcerpt,
  };
  if (outcome.ok) return recordSuccess(engine.db, leaseKey, d.id, entry);
  const retryInS = d.autoRetry && !outcome.gone ? retryDelaySeconds(engine.schedule, attempt, outcome.retryAfterS) : null;
  const failure = { statusCode: outcome.statusCode, error: outcome.error, retryInS };
  const result = await recordFailure(engine.db, leaseKey, d.id, failure, DISABLE_AFTER_S, entry);
  if (!result) return;
  // A platform answers 410 once its hook is detached: that subscription is over
  // (e2e/api/connector/webhooks.spec.ts, 'a 410 from the target removes the subscription …').
  if (outcome.gone && d.source === "connector") {
    if (await removeSubscription(engine.db, d.webhookId)) {
      log.info("connector subscription removed after 410 Gone", { webhookId: d.webhookId });
    }
    return;
  }
  const reason = outcome.gone ? GONE_REASON : result.failingTooLong ? failingReason(outcome.error) : null;
  if (reason && (await disableWebhook(engine.db, d.webhookId, reason))) {
    log.warn("webhook disabled", { webhookId: d.webhookId, reason });
  }
}

/** Recording an outcome survives a short database hiccup; the row stays ours meanwhile. */
async function withRetries(fn: () => Promise<unknown>, fields: Record<string, unknown>) {
  for (let i = 0; ; i++) {
    try {
      await fn();
      return;
    } catch (err) {
      if (i >= 3) {
        logError("webhook outcome not recorded; the delivery will be rescued and sent again", err, fields);
        return;
      }
      await new Promise((r) => setTimeout(r, 200 * 2 ** i));
    }
  }
}
