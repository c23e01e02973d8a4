import "server-only";
import { createHash, randomBytes } from "node:crypto";

/**
 * API token format: `fh_<kind>_<32 base62 chars>`, e.g. `fh_v2_3kT…`. The prefix makes a
 * leaked token recognisable (secret scanners) and tells v1 from v2 at a glance.
 */
export type TokenKind = "v1" | "v2";
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const BODY_LENGTH = 32;
export const TOKEN_PATTERN = /^fh_(v1|v2)_[0-9A-Za-z]{32}$/;

export function generateToken(kind: TokenKind): string {
  // Rejection sampling keeps every character uniformly random.
  let body = "";
  while (body.length < BODY_LENGTH) {
    for (const byte of randomBytes(48)) {
      if (byte < 248 && body.length < BODY_LENGTH) body += ALPHABET[byte % 62];
    }
  }
  return `fh_${kind}_${body}`;
}

/** Tokens are high-entropy, so a fast unsalted hash is enough and keeps lookups indexable. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** What may be shown after creation: enough to recognise, useless to authenticate. */
export function displayPrefix(token: string): string {
  return `${token.slice(0, 10)}…`;
}

export function parseTokenKind(token: string): TokenKind | null {
  const m = TOKEN_PATTERN.exec(token);
  return m ? (m[1] as TokenKind) : null;
}
