import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

/** HMAC-SHA256 of `payload`, base64url: the signature of every signed token the app hands out. */
export const hmac = (key: string, payload: string): string => createHmac("sha256", key).update(payload).digest("base64url");

/** Whether `signature` is `payload`'s HMAC under `key`, compared in constant time. */
export function hmacMatches(key: string, payload: string, signature: string): boolean {
  const expected = Buffer.from(hmac(key, payload));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
