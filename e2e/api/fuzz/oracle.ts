import { MESSAGES } from "../../../lib/errors";
import { malformedPathMessage, malformedSegment } from "../../../server/http/malformed-url";
import type { FuzzRequest } from "./arbitraries";
import type { Schema } from "./operations";

/**
 * What every answer to a fuzzed request must be: never a 5xx; JSON; an error in one of the
 * operation's documented error bodies; and the documented order — a path that cannot be routed,
 * then the token, then the input — so a request without a valid token gets the token's error
 * whatever else is wrong with it.
 */

export type FuzzAnswer = { status: number; type: string; text: string; sentPath: string; location?: string };

/**
 * Next.js answers a path with repeated or trailing slashes (an empty path parameter) with a 308
 * to the same path without them, before any hook of ours runs: the one redirect allowed.
 */
const normalizedSlashes = (path: string) => path.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1");

function matches(body: unknown, schema: Schema): boolean {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return false;
  const record = body as Record<string, unknown>;
  return (schema.required ?? []).every((key) => {
    const expected = schema.properties?.[key]?.type;
    const value = record[key];
    if (expected === "string") return typeof value === "string";
    if (expected === "array") return Array.isArray(value);
    return value !== undefined;
  });
}

const NOT_FOUND = "Not found";

/** The problem with an answer, or null when it is one the contract allows. */
export function problemWith(req: FuzzRequest, answer: FuzzAnswer): string | null {
  const { status, type, text } = answer;
  if (status >= 500) return `answered ${status}`;
  if (status === 308 && answer.sentPath !== normalizedSlashes(answer.sentPath)) {
    const to = answer.location ? new URL(answer.location, "http://x").pathname : "";
    return to === normalizedSlashes(answer.sentPath) ? null : `redirected to ${answer.location}`;
  }
  if (status === 204) return text === "" ? null : "204 with a body";
  if (!type.startsWith("application/json")) return `answered ${status} with content-type "${type}"`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `answered ${status} with a body that is not JSON`;
  }
  if (status >= 400 && !req.op.errorSchemas.some((s) => matches(body, s))) {
    return `answered ${status} with a body that is no documented error shape`;
  }

  const message = status >= 400 ? String((body as Record<string, unknown>)[req.op.errorKey]) : `(success)`;
  const segment = malformedSegment(answer.sentPath);
  if (segment !== null) {
    return status === 400 && message === malformedPathMessage(segment) ? null : `a malformed path answered ${status} ${message}`;
  }
  const expected = req.op.secured ? (req.op.surface === "connector" ? BEARER_ERRORS : TOKEN_ERRORS)[req.token.mode] : undefined;
  if (!expected || (status === 404 && message === NOT_FOUND)) return null;
  return expected.includes(message) ? null : `token "${req.token.mode}" answered ${status} ${message} (the token is checked first)`;
}

/** What a request without a valid token must get, whatever else it carries (an unknown route aside). */
const TOKEN_ERRORS: Record<string, string[] | undefined> = {
  none: [MESSAGES.tokenMissing],
  empty: [MESSAGES.tokenMissing],
  malformed: [MESSAGES.tokenMissing, MESSAGES.tokenMalformed],
  unknown: [MESSAGES.tokenInvalid],
  revoked: [MESSAGES.tokenInvalid],
  otherKind: [MESSAGES.tokenInvalid],
};

/** The connector's answers (401 with WWW-Authenticate: Bearer) for the same token modes. */
const BEARER = [MESSAGES.connectorTokenMissing, MESSAGES.connectorTokenInvalid];
const BEARER_ERRORS: Record<string, string[] | undefined> = {
  none: [MESSAGES.connectorTokenMissing],
  empty: BEARER,
  malformed: BEARER,
  unknown: [MESSAGES.connectorTokenInvalid],
  revoked: [MESSAGES.connectorTokenInvalid],
  otherKind: [MESSAGES.connectorTokenInvalid],
};
