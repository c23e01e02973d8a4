import "server-only";
import { timingSafeEqual } from "node:crypto";
import type { DbOrTx } from "@/db";
import type { OauthClient } from "@/db/schema";
import { findOAuthClient } from "./clients";
import { OAuthError } from "./errors";
import { hashSecret } from "./secrets";

const invalidClient = () => new OAuthError("invalid_client", "Client authentication failed");

/** `client_id` / `client_secret` are form-encoded inside the Basic credentials (RFC 6749 §2.3.1). */
function formDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    return s;
  }
}

/** The credentials of an `Authorization: Basic` header; null for no header or another scheme. */
function basicCredentials(header: string | null): { id: string; secret: string } | null {
  const m = /^basic\s+(\S+)\s*$/i.exec(header ?? "");
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 1) throw invalidClient();
  return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Authenticates the client of a token or revocation request (RFC 6749 §2.3): HTTP Basic, or
 * `client_id` + `client_secret` in the body — Make and Zapier send the body by default. When
 * both are present they must agree. A public client sends only `client_id`. Every failure is
 * the same invalid_client, so a caller learns nothing about which part was wrong.
 */
export async function authenticateClient(db: DbOrTx, headers: Headers, params: Map<string, string>): Promise<OauthClient> {
  const basic = basicCredentials(headers.get("authorization"));
  const bodyId = params.get("client_id");
  const bodySecret = params.get("client_secret");
  if (basic && ((bodyId !== undefined && bodyId !== basic.id) || (bodySecret !== undefined && bodySecret !== basic.secret))) {
    throw invalidClient();
  }
  const clientId = basic?.id ?? bodyId;
  const secret = (basic ? basic.secret : bodySecret) || undefined;
  if (!clientId) throw invalidClient();

  const client = await findOAuthClient(db, clientId);
  if (!client) throw invalidClient();
  if (client.clientSecretHash === null) {
    if (secret !== undefined) throw invalidClient();
    return client;
  }
  if (secret === undefined || !sameHash(hashSecret(secret), client.clientSecretHash)) throw invalidClient();
  return client;
}
