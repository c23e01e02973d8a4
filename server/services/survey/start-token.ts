import "server-only";
import type { Db } from "@/db";
import { hmac, hmacMatches } from "@/server/services/lib/hmac";
import { cachedSecret } from "@/server/services/settings";

/**
 * The survey page's start token: when the server rendered the form, signed with a secret
 * kept in the database (like the session secret), so every instance can check it. It gives
 * a form post its duration and the spam time trap (HeyForm does the same) without trusting
 * the browser's clock. `<formId>.<issued ms>.<HMAC-SHA256, base64url>`.
 */
const secret = cachedSecret("survey_start_token_secret");
/** A token "issued" further in the future than this (clock skew between instances) is refused. */
const MAX_SKEW_MS = 5_000;

export async function issueStartToken(db: Db, formId: number, now = Date.now()): Promise<string> {
  const payload = `${formId}.${now}`;
  return `${payload}.${hmac(await secret(db), payload)}`;
}

/** When the token was issued (ms), or null when it is missing, forged, for another form or from the future. */
export async function readStartToken(db: Db, token: unknown, formId: number, now = Date.now()): Promise<number | null> {
  if (typeof token !== "string" || token.length > 200) return null;
  const match = /^(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match || Number(match[1]) !== formId) return null;
  if (!hmacMatches(await secret(db), `${match[1]}.${match[2]}`, match[3]!)) return null;
  const issued = Number(match[2]);
  return issued > now + MAX_SKEW_MS ? null : issued;
}

/** A checked token's own part (its signature): one per rendered page, the key of a form post (submissions.post_key). */
export function startTokenKey(token: string): string {
  return token.slice(token.lastIndexOf(".") + 1);
}
