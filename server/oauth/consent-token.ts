import "server-only";
import type { Db } from "@/db";
import { hmac, hmacMatches } from "@/server/services/lib/hmac";
import { cachedSecret } from "@/server/services/settings";

/**
 * The consent page's proof that Allow or Deny answers the request it showed, to the user it
 * showed it to: the checked authorization request, the user and an expiry, signed with a key
 * kept in the database (so every instance accepts every other's). A forged or replayed post
 * from another site cannot produce one for the victim, so the decision endpoint is CSRF-safe.
 */
export type ConsentClaims = {
  /** oauth_clients.id and its public client_id (to restart the flow after a sign-in). */
  client: number;
  clientId: string;
  redirectUri: string;
  redirectUriSent: boolean;
  scopes: string[];
  /** The MCP endpoint's URL for an assistant; null (or absent, in a token signed before it existed) the connector. */
  resource?: string | null;
  state?: string;
  codeChallenge?: string;
  user: number;
  org: number;
  /** Expiry, seconds since the epoch. */
  exp: number;
};

/** How long the consent page may stay open before Allow is refused as stale. */
export const CONSENT_TTL_S = 10 * 60;

const consentKey = cachedSecret("oauth_consent_key");

export async function signConsent(db: Db, claims: Omit<ConsentClaims, "exp">): Promise<string> {
  const payload = Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + CONSENT_TTL_S })).toString("base64url");
  return `${payload}.${hmac(await consentKey(db), payload)}`;
}

/** The claims of a genuine token, "expired" for a genuine but stale one, null otherwise. */
export async function verifyConsent(db: Db, token: string): Promise<ConsentClaims | "expired" | null> {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  if (!hmacMatches(await consentKey(db), payload, signature)) return null;
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as ConsentClaims;
  return claims.exp * 1000 < Date.now() ? "expired" : claims;
}
