import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db, DbOrTx } from "@/db";
import { env } from "@/server/env";
import { cachedSecret } from "@/server/services/settings";
import { isJsonObject } from "@/lib/values/json";

/**
 * Files are private; links to them are signed. A link names the file and when it stops working
 * (15 minutes after it was made), signed with the service's key: `GET /files/<id>?expires=…&signature=…`
 * (app/files/[fileId]/route.ts) answers 403 for a changed signature or a past time. Every place
 * that shows a file shows it through here: v1 and v2 answers, webhook and connector payloads,
 * the CSV export, the owner's mail, the dashboard.
 */
export const FILE_LINK_TTL_S = 15 * 60;

const linkSecret = cachedSecret("file_link_secret");

const sign = (secret: string, fileId: string, expires: number) =>
  createHmac("sha256", secret).update(`file:${fileId}:${expires}`).digest("base64url").slice(0, 43);

/** A stored file in a submission's `data`, and the value every surface shows for it. */
export type StoredFile = { id: string; name: string; size: number; contentType: string };
export type FileValue = { name: string; size: number; contentType: string; url: string };

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A value shaped as stored files (file-upload answers are top-level arrays of them). */
export function isStoredFiles(value: unknown): value is StoredFile[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (f) =>
        isJsonObject(f) &&
        typeof f.id === "string" &&
        UUID_RE.test(f.id) &&
        typeof f.name === "string" &&
        typeof f.size === "number" &&
        typeof f.contentType === "string" &&
        Object.keys(f).length === 4,
    )
  );
}

export type FileLinks = {
  url(fileId: string): string;
  /** `data` with each file answer shown as `{name, size, contentType, url}`; the same object when it has none. */
  present<T extends Record<string, unknown>>(data: T): T;
};

/** Link making with the service's key (read once per process); `now` fixes the links' time. */
export async function fileLinks(db: DbOrTx, now = Date.now()): Promise<FileLinks> {
  // A transaction reads the key as well as the pool (app_settings, created once).
  const secret = await linkSecret(db as Db);
  const base = env().APP_URL;
  const expires = Math.floor(now / 1000) + FILE_LINK_TTL_S;
  const url = (fileId: string) => `${base}/files/${fileId}?expires=${expires}&signature=${sign(secret, fileId, expires)}`;
  return {
    url,
    present(data) {
      if (!Object.values(data).some(isStoredFiles)) return data;
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(data)) {
        const shown = isStoredFiles(value)
          ? value.map((f): FileValue => ({ name: f.name, size: f.size, contentType: f.contentType, url: url(f.id) }))
          : value;
        Object.defineProperty(out, key, { value: shown, enumerable: true, writable: true, configurable: true });
      }
      return out as typeof data;
    },
  };
}

/** Whether a link's signature and time are good: the file id when they are, else null (a 403). */
export async function checkFileLink(
  db: Db,
  fileId: string,
  expires: string | null,
  signature: string | null,
  now = Date.now(),
): Promise<string | null> {
  if (!UUID_RE.test(fileId) || !expires || !/^\d{1,12}$/.test(expires) || !signature) return null;
  const at = Number(expires);
  if (at * 1000 <= now) return null;
  const expected = Buffer.from(sign(await linkSecret(db), fileId, at));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? fileId : null;
}

/** Rows whose `data` shows each file answer with a fresh signed link (the key is read only when a row has files). */
export async function presentFileAnswers<T extends { data: Record<string, unknown> }>(db: DbOrTx, rows: readonly T[]): Promise<T[]> {
  if (!rows.some((r) => Object.values(r.data).some(isStoredFiles))) return [...rows];
  const links = await fileLinks(db);
  return rows.map((r) => ({ ...r, data: links.present(r.data) }));
}
