import "server-only";
import type { Db } from "@/db";
import { oauthIssuer } from "@/server/urls";
import { findOAuthClient, isPublicClient } from "./clients";
import type { ErrorPageReason } from "./error-pages";
import type { OAuthErrorCode } from "./errors";
import { S256_CHALLENGE_RE } from "./pkce";
import { parseScopeParam } from "@/lib/scopes/connector-scopes";
import { parseMcpScopeParam } from "@/lib/scopes/mcp-scopes";
import { resourceOf } from "./resource";

/**
 * `GET /oauth/authorize`'s parameters (RFC 6749 §4.1.1, RFC 7636, RFC 9700 §2.1). A request
 * whose client or redirect URI cannot be trusted gets our error page and is never redirected;
 * any other problem goes back to the client's redirect URI.
 */

export type RawParams = Record<string, string | string[] | undefined>;

export type AuthorizationRequest = {
  /** `registered`: the client registered itself (RFC 7591) and is unverified. */
  client: { id: number; clientId: string; name: string; registered: boolean };
  redirectUri: string;
  redirectUriSent: boolean;
  /** null: the connector; else the MCP endpoint (RFC 8707), whose scopes are the v2 token scopes. */
  resource: string | null;
  scopes: string[];
  state?: string;
  codeChallenge?: string;
};

export type CheckedRequest =
  | { kind: "error-page"; reason: ErrorPageReason }
  | { kind: "redirect"; url: string }
  | { kind: "valid"; request: AuthorizationRequest };

/**
 * The client's redirect URI with response parameters added to its own query (§3.1.2), plus
 * `iss` (RFC 9207), so a client talking to several servers knows which one answered.
 */
export function clientRedirect(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  url.searchParams.set("iss", oauthIssuer());
  return url.toString();
}

const REDIRECTED_PARAMS = ["response_type", "scope", "state", "code_challenge", "code_challenge_method", "resource"] as const;

/** Checks an authorization request in RFC order: the client and its redirect URI first. */
export async function checkAuthorizationRequest(db: Db, raw: RawParams): Promise<CheckedRequest> {
  const clientIdParam = raw.client_id;
  const redirectParam = raw.redirect_uri;
  if (Array.isArray(clientIdParam) || Array.isArray(redirectParam)) return { kind: "error-page", reason: "duplicate_parameter" };
  if (!clientIdParam) return { kind: "error-page", reason: "missing_client" };
  const client = await findOAuthClient(db, clientIdParam);
  if (!client) return { kind: "error-page", reason: "unknown_client" };

  // redirect_uri may be left out when exactly one is registered (§3.1.2.3).
  let redirectUri: string;
  if (redirectParam) {
    if (!client.redirectUris.includes(redirectParam)) return { kind: "error-page", reason: "redirect_uri_mismatch" };
    redirectUri = redirectParam;
  } else {
    if (client.redirectUris.length !== 1) return { kind: "error-page", reason: "missing_redirect_uri" };
    redirectUri = client.redirectUris[0]!;
  }

  // From here on, errors are the client's to handle: back to its redirect URI, with the state.
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;
  const state = first(raw.state);
  const fail = (error: OAuthErrorCode, description: string): CheckedRequest => ({
    kind: "redirect",
    url: clientRedirect(redirectUri, { error, error_description: description, state }),
  });
  const repeated = REDIRECTED_PARAMS.find((p) => Array.isArray(raw[p]));
  if (repeated) return fail("invalid_request", `${repeated} is given more than once`);

  const responseType = first(raw.response_type);
  if (!responseType) return fail("invalid_request", "response_type is required");
  if (responseType !== "code") return fail("unsupported_response_type", "Only response_type=code is supported");

  const resource = resourceOf(first(raw.resource));
  if (resource === undefined) return fail("invalid_target", "resource must be this server's MCP endpoint or be left out");
  const scope = resource === null ? parseScopeParam(first(raw.scope)) : parseMcpScopeParam(first(raw.scope));
  if (!scope.ok) return fail("invalid_scope", `Unknown scope: ${scope.unknown.join(", ")}`);

  const challenge = first(raw.code_challenge);
  const method = first(raw.code_challenge_method);
  if (challenge === undefined && method !== undefined)
    return fail("invalid_request", "code_challenge is required with code_challenge_method");
  if (challenge !== undefined) {
    // Without a method the challenge would be `plain` (RFC 7636 §4.3), which is not supported.
    if (method !== "S256") return fail("invalid_request", "code_challenge_method must be S256");
    if (!S256_CHALLENGE_RE.test(challenge)) return fail("invalid_request", "code_challenge must be a base64url SHA-256 (43 characters)");
  } else if (isPublicClient(client) || resource !== null) {
    // OAuth 2.1, as MCP clients speak it: PKCE always; the connector keeps its confidential clients' choice.
    return fail("invalid_request", "This client must use PKCE: send code_challenge with code_challenge_method=S256");
  }

  return {
    kind: "valid",
    request: {
      client: { id: client.id, clientId: client.clientId, name: client.name, registered: client.registeredAt !== null },
      redirectUri,
      redirectUriSent: Boolean(redirectParam),
      resource,
      scopes: scope.scopes,
      state,
      codeChallenge: challenge,
    },
  };
}
