import "server-only";
import { createHmac, randomBytes } from "node:crypto";

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): the secret is `whsec_` +
 * the base64 key; each attempt is signed afresh over `<webhook-id>.<webhook-timestamp>.<body>`
 * with HMAC-SHA256 and sent as `webhook-signature: v1,<base64>` — one entry per valid secret,
 * space-separated, so a receiver still holding the old secret verifies during a rotation.
 */
const PREFIX = "whsec_";

/** A new secret: 32 random bytes. */
export const generateSecret = () => `${PREFIX}${randomBytes(32).toString("base64")}`;

function key(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, "base64");
}

export function sign(secret: string, msgId: string, timestamp: number, body: string): string {
  return `v1,${createHmac("sha256", key(secret)).update(`${msgId}.${timestamp}.${body}`).digest("base64")}`;
}

/** The `webhook-*` headers of one attempt. */
export function signedHeaders(secrets: readonly string[], msgId: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    "webhook-id": msgId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((s) => sign(s, msgId, timestamp, body)).join(" "),
  };
}
