import "server-only";
import type { Db } from "@/db";
import { env } from "@/server/env";
import { clientIp } from "@/server/http/client-address";
import { hitRateLimit } from "@/server/services/lib/rate-limit";
import { isAppError } from "@/lib/errors";
import { createOAuthClient } from "./clients";
import { OAuthError } from "./errors";
import { oauthEndpoint, oauthJson } from "./http";
import { readBodyText } from "@/server/http/read-body";

/** Registrations one client address may make in an hour: an assistant registers once per install. */
export const REGISTRATIONS_PER_HOUR = 20;
const MAX_BODY_BYTES = 16 * 1024;
const AUTH_METHODS = ["none", "client_secret_basic", "client_secret_post"] as const;

const metadataError = (description: string) => new OAuthError("invalid_client_metadata", description);

const stringList = (value: unknown, name: string): string[] | undefined => {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) throw metadataError(`${name} must be an array of strings`);
  return value as string[];
};

/**
 * `POST /oauth/register`, dynamic client registration (RFC 7591) for MCP clients: a JSON body
 * with `client_name` and `redirect_uris` (https, or http on loopback), optionally
 * `token_endpoint_auth_method` (`none`: a public client, which must use PKCE S256; default
 * `client_secret_basic`, answered a secret once). Such a client is marked self-registered, and the
 * consent page says it is unverified. Each client address may register REGISTRATIONS_PER_HOUR an
 * hour (429 with Retry-After beyond).
 */
export function registrationEndpoint(db: Db, request: Request): Promise<Response> {
  return oauthEndpoint("register", async () => {
    if (request.method !== "POST") throw new OAuthError("invalid_request", "Use POST");
    const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "application/json") throw new OAuthError("invalid_request", "The request body must be application/json");
    const address = clientIp(request.headers, env().TRUST_PROXY) ?? "unknown";
    const hit = await hitRateLimit(db, `oauth-register:${address}`, REGISTRATIONS_PER_HOUR, 3600);
    if (hit.exceeded) {
      return oauthJson(
        429,
        { error: "invalid_request", error_description: "Too many client registrations from this address; try again later" },
        { "retry-after": String(Math.max(1, hit.resetSeconds)) },
      );
    }
    const text = await readBodyText(request, MAX_BODY_BYTES, () => new OAuthError("invalid_request", "The request body is too large"));
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
      body = parsed as Record<string, unknown>;
    } catch {
      throw new OAuthError("invalid_request", "The request body must be a JSON object");
    }

    const name = body.client_name;
    if (typeof name !== "string" || !name.trim()) throw metadataError("client_name is required");
    const redirectUris = stringList(body.redirect_uris, "redirect_uris");
    if (!redirectUris?.length) throw new OAuthError("invalid_redirect_uri", "redirect_uris must list at least one URI");
    const method = body.token_endpoint_auth_method ?? "client_secret_basic";
    if (typeof method !== "string" || !(AUTH_METHODS as readonly string[]).includes(method)) {
      throw metadataError(`token_endpoint_auth_method must be one of ${AUTH_METHODS.join(", ")}`);
    }
    const grantTypes = stringList(body.grant_types, "grant_types") ?? ["authorization_code"];
    if (grantTypes.some((g) => g !== "authorization_code" && g !== "refresh_token")) {
      throw metadataError("grant_types may hold only authorization_code and refresh_token");
    }
    const responseTypes = stringList(body.response_types, "response_types") ?? ["code"];
    if (responseTypes.some((r) => r !== "code")) throw metadataError("response_types may hold only code");

    let created;
    try {
      created = await createOAuthClient(db, { name, redirectUris, isPublic: method === "none", selfRegistered: true });
    } catch (e) {
      // The operator's rules for a client: a name of at most 100 characters, https redirect URIs.
      if (isAppError(e))
        throw new OAuthError(e.message.startsWith("redirect URI") ? "invalid_redirect_uri" : "invalid_client_metadata", e.message);
      throw e;
    }
    return oauthJson(201, {
      client_id: created.clientId,
      ...(created.clientSecret ? { client_secret: created.clientSecret, client_secret_expires_at: 0 } : {}),
      client_id_issued_at: Math.floor(Date.now() / 1000),
      client_name: name.trim(),
      redirect_uris: [...new Set(redirectUris)],
      token_endpoint_auth_method: method,
      grant_types: grantTypes,
      response_types: responseTypes,
    });
  });
}
