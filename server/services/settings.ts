import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { appSettings } from "@/db/schema";

/**
 * Returns the stored value for `key`, generating and storing it on first use. Kept in
 * Postgres so every instance on the database shares it (e.g. the session-signing secret).
 */
export async function getOrCreateSecret(db: Db, key: string): Promise<string> {
  await db
    .insert(appSettings)
    .values({ key, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing({ target: appSettings.key });
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  if (!row) throw new Error(`setting ${key} vanished`);
  return row.value;
}

/**
 * `getOrCreateSecret` read once per process: the first call's promise is kept (on globalThis,
 * so Next's bundles share it), and a failed read is forgotten so the next call tries again.
 */
export function cachedSecret(key: string): (db: Db) => Promise<string> {
  const cache = globalThis as unknown as { formhouseSecrets?: Map<string, Promise<string>> };
  const secrets = (cache.formhouseSecrets ??= new Map());
  return (db) => {
    let secret = secrets.get(key);
    if (!secret) {
      secret = getOrCreateSecret(db, key).catch((e: unknown) => {
        secrets.delete(key);
        throw e;
      });
      secrets.set(key, secret);
    }
    return secret;
  };
}
