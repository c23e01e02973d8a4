import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "@/db";
import { unsubscribePath } from "@/lib/app-paths";
import { cachedSecret } from "@/server/services/settings";

/** The key that signs unsubscribe links, shared by every instance through the database. */
const linkSecret = cachedSecret("mail_link_secret");

const sign = (secret: string, userId: number, formId: number) =>
  createHmac("sha256", secret).update(`unsubscribe:${userId}:${formId}`).digest("base64url").slice(0, 32);

const TOKEN_RE = /^u(\d{1,10})f(\d{1,10})\.([A-Za-z0-9_-]{32})$/;

/** The link that ends one member's mail about one form, without signing in: `u<user>f<form>.<signature>`. */
export async function unsubscribeUrl(db: Db, appUrl: string, userId: number, formId: number): Promise<string> {
  return `${appUrl}${unsubscribePath(`u${userId}f${formId}.${sign(await linkSecret(db), userId, formId)}`)}`;
}

/** RFC 8058 one-click unsubscribe: a mail client POSTs `List-Unsubscribe=One-Click` to the link. */
export async function unsubscribeHeaders(db: Db, appUrl: string, userId: number, formId: number) {
  const url = await unsubscribeUrl(db, appUrl, userId, formId);
  return { url, headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } };
}

/** Whose mail about which form a token ends; null for anything not signed by this service. */
export async function readUnsubscribeToken(db: Db, token: string): Promise<{ userId: number; formId: number } | null> {
  const m = TOKEN_RE.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const formId = Number(m[2]);
  if (userId > 2 ** 31 - 1 || formId > 2 ** 31 - 1) return null;
  const expected = Buffer.from(sign(await linkSecret(db), userId, formId));
  const given = Buffer.from(m[3]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, formId } : null;
}
