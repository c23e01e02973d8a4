import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";

/**
 * PKCE (RFC 7636) with S256 only: `plain` would give nothing against a stolen code.
 * Verifiers are 43–128 unreserved characters; an S256 challenge is 43 base64url characters.
 */
export const CODE_VERIFIER_RE = /^[A-Za-z0-9\-._~]{43,128}$/;
export const S256_CHALLENGE_RE = /^[A-Za-z0-9_-]{43}$/;

export const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

/** Whether `verifier` hashes to `challenge` (compared in constant time). */
export function verifyCodeVerifier(challenge: string, verifier: string): boolean {
  const a = Buffer.from(s256(verifier));
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}
