import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "@/db";
import { getOrCreateSecret } from "@/server/services/settings";

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
  state?: string;
  codeChallenge?: string;
  user: number;
  org: number;
  /** Expiry, seconds since the epoch. */
  exp: number;
};

/** How long the consent page may stay open before Allow is refused as stale. */
export const CONSENT_TTL_S = 10 * 60;

let key: Promise<string> | undefined;
function consentKey(db: Db): Promise<string> {
  key ??= getOrCreateSecret(db, "oauth_consent_key").catch((e: unknown) => {
    key = undefined;
    throw e;
  });
  return key;
}

const mac = (secret: string, payload: string) => createHmac("sha256", secret).update(payload).digest("base64url");

export async function signConsent(db: Db, claims: Omit<ConsentClaims, "exp">): Promise<string> {
  const payload = Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + CONSENT_TTL_S })).toString("base64url");
  return `${payload}.${mac(await consentKey(db), payload)}`;
}

/** The claims of a genuine token, "expired" for a genuine but stale one, null otherwise. */
export async function verifyConsent(db: Db, token: string): Promise<ConsentClaims | "expired" | null> {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(await consentKey(db), payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as ConsentClaims;
  return claims.exp * 1000 < Date.now() ? "expired" : claims;
}
