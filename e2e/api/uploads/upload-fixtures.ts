import type { APIRequestContext } from "@playwright/test";
import { createHmac } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { appSettings, submissionFiles } from "../../../db/schema";
import type { Seed } from "../../fixtures";

/** Upload tests: multipart bodies built byte for byte, files of known types, what storage holds. */

export type Part = { name: string; value: string } | { name: string; filename: string; type?: string; data: Buffer };

const BOUNDARY = "----formhouse-upload-boundary";

/** A multipart/form-data body of these parts. */
export function multipartBody(parts: readonly Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ("value" in part) {
      chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      const head =
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; ${filenameParam(part.filename)}\r\n` +
        `Content-Type: ${part.type ?? "application/octet-stream"}\r\n\r\n`;
      chunks.push(Buffer.from(head, "utf8"), part.data, Buffer.from("\r\n"));
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** A plain name as `filename="…"`; one with control or non-ASCII characters as RFC 5987 `filename*=UTF-8''…`, as browsers may. */
const filenameParam = (name: string) =>
  /^[\x20-\x7e]*$/.test(name) ? `filename="${name}"` : `filename*=UTF-8''${encodeURIComponent(name)}`;

export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** POST a multipart body; `page`: as a browser's form post (Accept: text/html), else as an API client. */
export async function multipartPost(request: APIRequestContext, url: string, parts: readonly Part[], opts: { page?: boolean } = {}) {
  const res = await request.fetch(url, {
    method: "POST",
    data: multipartBody(parts),
    headers: { "content-type": MULTIPART_TYPE, accept: opts.page ? "text/html,application/xhtml+xml" : "*/*" },
    maxRedirects: 0,
  });
  const text = await res.text();
  let body: any = undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status(), headers: res.headers(), text, body };
}

/** A small real PDF: its magic bytes and enough body to be read as one. */
export const PDF = Buffer.concat([
  Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n"),
  Buffer.alloc(6000, "x"),
  Buffer.from("\n%%EOF\n"),
]);
/** A PNG's signature and header chunk. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]),
  Buffer.alloc(200, 0),
]);
export const HTML_PAGE = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n");

/** A form with one file field (and a name), published; `field` overrides the file field's settings. */
export async function uploadForm(seed: Seed, field: Record<string, unknown> = {}, extra: unknown[] = []) {
  const org = await seed.org();
  const elements = [
    { id: "who", label: "Your name", type: "short-text", required: true },
    { id: "fld_cv", label: "Your CV", type: "file-upload", required: true, ...field },
    ...extra,
  ];
  const form = await seed.form(org.organizationId, { name: "Applications", elements }, { publish: true });
  return { org, form };
}

/** The file rows of a form, as stored. */
export const fileRows = (seed: Seed, formId: number) => seed.db.select().from(submissionFiles).where(eq(submissionFiles.formId, formId));

/** The files on local disk under a form's folder (the suite's server stores on local disk). */
export async function filesOnDisk(organizationId: number, formId: number): Promise<string[]> {
  const dir = path.join(process.env.UPLOAD_DIR ?? path.join(process.cwd(), ".data", "uploads"), String(organizationId), String(formId));
  return readdir(dir).catch(() => []);
}

/** A link signed with the service's own key, for any expiry (to test an expired one). */
export async function signedLink(seed: Seed, fileId: string, expires: number): Promise<string> {
  const [row] = await seed.db.select().from(appSettings).where(eq(appSettings.key, "file_link_secret"));
  const signature = createHmac("sha256", row!.value).update(`file:${fileId}:${expires}`).digest("base64url").slice(0, 43);
  return `/files/${fileId}?expires=${expires}&signature=${signature}`;
}
