import "server-only";
import { Readable } from "node:stream";
import { and, eq, isNotNull } from "drizzle-orm";
import { db } from "@/db";
import { submissionFiles } from "@/db/schema";
import { logError } from "@/server/log";
import { attachmentDisposition } from "./file-names";
import { checkFileLink } from "./file-links";
import { fileStorage } from "./storage";

export const DOWNLOAD_MESSAGES = {
  refused: "This download link is not valid or has expired: open the submission again for a fresh link",
  gone: "This file no longer exists",
} as const;

/**
 * `GET /files/<id>?expires=…&signature=…`: the file of a stored submission, always as an
 * attachment (`Content-Disposition: attachment`, `X-Content-Type-Options: nosniff`, a CSP that
 * allows nothing and sandboxes: security-headers.ts), so no upload is ever rendered as a page of
 * this origin. A changed signature or a time past is a 403; a file whose submission is gone, 404.
 */
export async function downloadFileRoute(request: Request, fileId: string): Promise<Response> {
  const url = new URL(request.url);
  const id = await checkFileLink(db(), fileId, url.searchParams.get("expires"), url.searchParams.get("signature"));
  if (!id) return text(403, DOWNLOAD_MESSAGES.refused);
  const [file] = await db()
    .select()
    .from(submissionFiles)
    .where(and(eq(submissionFiles.id, id), isNotNull(submissionFiles.submissionId)))
    .limit(1);
  if (!file) return text(404, DOWNLOAD_MESSAGES.gone);
  let body: Readable | null;
  try {
    body = await fileStorage().read(file.storageKey);
  } catch (error) {
    logError("file download failed", error, { fileId: id });
    return text(503, "The file cannot be read right now: try again in a moment");
  }
  if (!body) return text(404, DOWNLOAD_MESSAGES.gone);
  return new Response(Readable.toWeb(body) as ReadableStream, {
    status: 200,
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.size),
      "content-disposition": attachmentDisposition(file.name),
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}

const text = (status: number, message: string) =>
  new Response(`${message}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" },
  });
