import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "@/db";
import { cachedSecret } from "@/server/services/settings";

/**
 * A file received but not yet part of a submission is named in the answers by an upload token:
 * its id and what the respondent sent, signed with the service's key, bound to the form. A form
 * post carries it back when a step of a multi-page form moves on (the page keeps it in a hidden
 * field) or when the page comes back with a problem, so a file chosen once is not asked for
 * again. Valid 20 hours: unlinked files are removed after a day (cleanup.ts).
 */
export type PendingFile = { id: string; formId: number; name: string; size: number; contentType: string };

const uploadSecret = cachedSecret("upload_token_secret");
export const UPLOAD_TOKEN_TTL_MS = 20 * 60 * 60 * 1000;

const sign = (secret: string, payload: string) => createHmac("sha256", secret).update(`upload:${payload}`).digest("base64url").slice(0, 32);

export type UploadTokens = {
  issue(file: PendingFile): string;
  /** The file a token names, or null for one this service did not sign for this form, or too old. */
  read(token: string, formId: number): PendingFile | null;
};

/** Issuing and reading tokens with the service's key (loaded once per process). */
export async function uploadTokens(db: Db, now = Date.now()): Promise<UploadTokens> {
  const secret = await uploadSecret(db);
  return {
    issue(file) {
      const payload = Buffer.from(
        JSON.stringify({ i: file.id, f: file.formId, n: file.name, s: file.size, t: file.contentType, a: now }),
      ).toString("base64url");
      return `${payload}.${sign(secret, payload)}`;
    },
    read(token, formId) {
      const dot = token.lastIndexOf(".");
      if (dot < 1) return null;
      const payload = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(sign(secret, payload));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const p = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
        if (p.f !== formId || typeof p.a !== "number" || now - p.a > UPLOAD_TOKEN_TTL_MS) return null;
        return { id: String(p.i), formId, name: String(p.n), size: Number(p.s), contentType: String(p.t) };
      } catch {
        return null;
      }
    },
  };
}
