import "server-only";
import { readBodyText } from "@/server/http/read-body";
import { textProblem } from "@/lib/values/text";
import { logError } from "@/server/log";
import { OAuthError } from "./errors";

/** Token and revocation requests are a few hundred bytes; anything near this is not one. */
const MAX_BODY_BYTES = 16 * 1024;

/** Credentials and tokens must never be cached (RFC 6749 §5.1). */
const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };

export function oauthJson(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json; charset=utf-8" }), ...NO_STORE, ...headers },
  });
}

/**
 * `{error, error_description}` with the code's status. invalid_client is a bare 401 with a
 * Basic challenge (§5.2): it says nothing about which part of the credentials was wrong.
 */
export function oauthErrorResponse(e: OAuthError): Response {
  if (e.error === "invalid_client") return oauthJson(401, { error: e.error }, { "www-authenticate": 'Basic realm="Formhouse OAuth"' });
  return oauthJson(e.status, { error: e.error, error_description: e.description });
}

/** Runs an endpoint; OAuth errors become their JSON answer, anything else a logged 500. */
export async function oauthEndpoint(name: string, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof OAuthError) return oauthErrorResponse(e);
    logError(`oauth ${name} failed`, e);
    return oauthJson(500, { error: "server_error", error_description: "Internal server error" });
  }
}

const readText = (request: Request) =>
  readBodyText(request, MAX_BODY_BYTES, () => new OAuthError("invalid_request", "The request body is too large"));

/**
 * The parameters of a token or revocation request: form-encoded (RFC 6749 §4.1.3); a JSON
 * object of strings is tolerated, as some platform templates send one. A repeated parameter
 * is invalid_request (§3.2); empty values count as absent.
 */
export async function readParams(request: Request): Promise<Map<string, string>> {
  if (request.method !== "POST") throw new OAuthError("invalid_request", "Use POST");
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const text = await readText(request);
  let entries: [string, unknown][];
  if (type === "application/x-www-form-urlencoded") {
    entries = [...new URLSearchParams(text)];
  } else if (type === "application/json") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new OAuthError("invalid_request", "The request body is not valid JSON");
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
      throw new OAuthError("invalid_request", "The request body must be a JSON object");
    entries = Object.entries(parsed);
  } else {
    throw new OAuthError("invalid_request", "The request body must be application/x-www-form-urlencoded");
  }
  const params = new Map<string, string>();
  const seen = new Set<string>();
  for (const [key, value] of entries) {
    if (typeof value !== "string") throw new OAuthError("invalid_request", `${key} must be a string`);
    const problem = textProblem(key) ?? textProblem(value);
    if (problem) throw new OAuthError("invalid_request", `Parameters ${problem}`);
    if (seen.has(key)) throw new OAuthError("invalid_request", `${key} is given more than once`);
    seen.add(key);
    if (value !== "") params.set(key, value);
  }
  return params;
}
