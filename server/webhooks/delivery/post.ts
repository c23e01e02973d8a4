import "server-only";
import { Agent, request, type Dispatcher } from "undici";
import { parseRetryAfter } from "@/server/outbox/schedule";
import { guardedConnector, RefusedTargetError, type Resolve, type TargetPolicy } from "./target-guard";

/** Success is a 2xx within this time, from the first byte sent to the status line. */
export const ATTEMPT_TIMEOUT_MS = 15_000;
/** At most this much of a response body is read; the rest is dropped with the connection. */
export const MAX_RESPONSE_BYTES = 64 * 1024;
/** How much of a response body the delivery log keeps, for the owner to see what their endpoint said. */
export const RESPONSE_EXCERPT_BYTES = 4096;

/** What the log keeps of every attempt, whatever its outcome. */
type AttemptRecord = {
  /** The first RESPONSE_EXCERPT_BYTES of the answer's body as text; null without an answer. */
  responseExcerpt: string | null;
  durationMs: number;
};

export type AttemptOutcome = AttemptRecord &
  (
    | { ok: true; statusCode: number }
    | {
        ok: false;
        /** The endpoint's status, null when there was no HTTP answer. */
        statusCode: number | null;
        /** What went wrong, in a short sentence of ours (the body is `responseExcerpt`). */
        error: string;
        /** Seconds a 429/503 asked us to wait. */
        retryAfterS: number | null;
        /** 410 Gone: the endpoint asks never to be called again. */
        gone: boolean;
      }
  );

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
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
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
    const described = describeAttemptError(error, timeoutMs);
    return { ok: false, statusCode: null, error: described, retryAfterS: null, gone: false, responseExcerpt: null, durationMs: took() };
  }
  // The status decides; the body is read (to free the connection) and its start kept for the log, never judged.
  const responseExcerpt = await drain(res.body, MAX_RESPONSE_BYTES);
  const code = res.statusCode;
  const record = { responseExcerpt, durationMs: took() };
  if (code >= 200 && code < 300) return { ok: true, statusCode: code, ...record };
  return {
    ...record,
    ok: false,
    statusCode: code,
    error: code >= 300 && code < 400 ? `HTTP ${code} (redirects are not followed)` : `HTTP ${code}`,
    retryAfterS: code === 429 || code === 503 ? parseRetryAfter(res.headers["retry-after"]) : null,
    gone: code === 410,
  };
}

/**
 * Reads up to `limit` bytes, then drops the rest (and with it the connection); answers the
 * first RESPONSE_EXCERPT_BYTES as text (UTF-8, a character cut at the end dropped, NUL
 * removed: PostgreSQL text cannot hold it).
 */
async function drain(body: Dispatcher.ResponseData["body"], limit: number): Promise<string> {
  let read = 0;
  const kept: Buffer[] = [];
  let keptBytes = 0;
  try {
    for await (const chunk of body) {
      const buf = chunk as Buffer;
      read += buf.length;
      if (keptBytes < RESPONSE_EXCERPT_BYTES) {
        const part = buf.subarray(0, RESPONSE_EXCERPT_BYTES - keptBytes);
        kept.push(part);
        keptBytes += part.length;
      }
      if (read >= limit) break;
    }
  } catch {
    // A body cut short or slow after the status line does not change the outcome.
  } finally {
    if (!body.destroyed) body.destroy();
  }
  return excerptText(Buffer.concat(kept));
}

/** Bytes as text for the log: UTF-8 (invalid sequences replaced, an incomplete last one dropped), no NUL. */
export function excerptText(bytes: Buffer): string {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes, { stream: true });
  return text.replaceAll("\u0000", "");
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
