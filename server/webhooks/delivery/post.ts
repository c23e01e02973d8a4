import "server-only";
import { Agent, request, type Dispatcher } from "undici";
import { parseRetryAfter } from "@/server/outbox/schedule";
import { guardedConnector, RefusedTargetError, type Resolve, type TargetPolicy } from "./target-guard";

/** Success is a 2xx within this time, from the first byte sent to the status line. */
export const ATTEMPT_TIMEOUT_MS = 15_000;
/** At most this much of a response body is read; the rest is dropped with the connection. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

export type AttemptOutcome =
  | { ok: true; statusCode: number }
  | {
      ok: false;
      /** The endpoint's status, null when there was no HTTP answer. */
      statusCode: number | null;
      /** What went wrong, for the owner: never the response body or our request. */
      error: string;
      /** Seconds a 429/503 asked us to wait. */
      retryAfterS: number | null;
      /** 410 Gone: the endpoint asks never to be called again. */
      gone: boolean;
    };

/**
 * The dispatcher every attempt goes through: connections only to addresses the guard allows,
 * keep-alive per endpoint, no proxy from the environment, no redirects (undici's `request`
 * never follows them).
 */
export function createWebhookAgent(policy: TargetPolicy, resolve?: Resolve): Agent {
  return new Agent({
    connect: guardedConnector(policy, resolve),
    keepAliveTimeout: 10_000,
    headersTimeout: ATTEMPT_TIMEOUT_MS,
    bodyTimeout: ATTEMPT_TIMEOUT_MS,
  });
}

/** One attempt: a POST of the JSON body; never throws. */
export async function postAttempt(
  dispatcher: Dispatcher,
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs = ATTEMPT_TIMEOUT_MS,
): Promise<AttemptOutcome> {
  const signal = AbortSignal.timeout(timeoutMs);
  let res: Dispatcher.ResponseData;
  try {
    res = await request(url, {
      method: "POST",
      dispatcher,
      signal,
      headers: { "content-type": "application/json", "user-agent": "Formhouse-Webhooks/1.0", ...headers },
      body,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  } catch (error) {
    return { ok: false, statusCode: null, error: describeAttemptError(error, timeoutMs), retryAfterS: null, gone: false };
  }
  // The status decides; the body is read (to free the connection) but never judged.
  await drain(res.body, MAX_RESPONSE_BYTES);
  const code = res.statusCode;
  if (code >= 200 && code < 300) return { ok: true, statusCode: code };
  return {
    ok: false,
    statusCode: code,
    error: code >= 300 && code < 400 ? `HTTP ${code} (redirects are not followed)` : `HTTP ${code}`,
    retryAfterS: code === 429 || code === 503 ? parseRetryAfter(res.headers["retry-after"]) : null,
    gone: code === 410,
  };
}

/** Reads up to `limit` bytes, then drops the rest (and with it the connection). */
async function drain(body: Dispatcher.ResponseData["body"], limit: number): Promise<void> {
  let read = 0;
  try {
    for await (const chunk of body) {
      read += (chunk as Buffer).length;
      if (read >= limit) break;
    }
  } catch {
    // A body cut short or slow after the status line does not change the outcome.
  } finally {
    if (!body.destroyed) body.destroy();
  }
}

const TIMEOUT_CODES = new Set(["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);

/** A short, stable sentence for a failed connection or request. */
function describeAttemptError(error: unknown, timeoutMs = ATTEMPT_TIMEOUT_MS): string {
  if (error instanceof RefusedTargetError) return error.unresolved ? "Host could not be resolved" : `Refused: ${error.message}`;
  const e = error as { name?: string; code?: string; cause?: { code?: string } } | undefined;
  const code = e?.code ?? e?.cause?.code;
  if (e?.name === "TimeoutError" || e?.name === "AbortError" || (code && TIMEOUT_CODES.has(code))) {
    return `Timed out after ${timeoutMs / 1000} s`;
  }
  switch (code) {
    case "ECONNREFUSED":
      return "Connection refused";
    case "ECONNRESET":
    case "UND_ERR_SOCKET":
    case "EPIPE":
      return "Connection closed by the endpoint";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "Host could not be resolved";
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "Host unreachable";
  }
  if (code && /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return `TLS error (${code})`;
  return `Network error${code ? ` (${code})` : ""}`;
}
