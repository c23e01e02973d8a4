import "server-only";
import { randomBytes } from "node:crypto";
import { hashToken } from "@/server/services/tokens/token-format";

/**
 * The one-time links an account's mail carries (a password reset, a new email to confirm): 32
 * random bytes in base64url (43 characters). Only the SHA-256 is stored, as for API tokens
 * (hashToken), so a copy of the database opens no account.
 */
const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function newAccountLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

/** The stored hash of a token from a link; null for text no link of ours carries (a mangled or truncated link). */
export function accountLinkTokenHash(token: string): string | null {
  return LINK_TOKEN.test(token) ? hashToken(token) : null;
}
