import "server-only";
import busboy from "busboy";
import { randomUUID } from "node:crypto";
import { PassThrough, Readable } from "node:stream";
import { once } from "node:events";
import { inArray } from "drizzle-orm";
import type { Db } from "@/db";
import { submissionFiles, type FormElement } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { isFileUpload } from "@/lib/forms/element-types";
import { FILE_MESSAGES, fileLimitsOf, type FileLimits } from "@/lib/uploads/file-rules";
import { env } from "@/server/env";
import { BODY_MESSAGES, MAX_BODY_BYTES } from "@/server/rest/adapter";
import { logError } from "@/server/log";
import { acceptsContent, sniffFileType, SNIFF_BYTES } from "./content-check";
import { safeFileName } from "./file-names";
import { fileStorage, storageKey } from "./storage";
import { uploadTokens } from "./upload-token";

/**
 * A survey submit with files (`multipart/form-data` to `POST /f/<uuid>/submit` or
 * `/u/<id>/submit`, for a form with a file-upload field), read as it arrives: each file part,
 * named by its element id, streams into storage while the request is read, never held whole
 * in memory. The limits are checked as the bytes come (the field's `maxFiles`, its size under
 * `UPLOAD_MAX_FILE_MB`, its `accept` by the file's content), and the first one broken refuses
 * the request at once (413 for size, 400 otherwise, naming the field) and removes what it had
 * stored. Each stored file gets a row (pending: no submission yet) and stands in the answers as
 * its upload token, so the submit that follows reads it like any other form field.
 */
export type MultipartSubmit = { fields: [string, string][]; fileIds: string[] };

type Target = { form: { id: number; organizationId: number; elements: readonly FormElement[] } };

const REFUSALS = new WeakSet<Error>();
/** Whether an error is this reader's refusal of a body (its answer ends the connection: the rest of the body is not wanted). */
export const isUploadRefusal = (error: unknown) => error instanceof Error && REFUSALS.has(error);

/** Whether a form takes files: then its multipart posts are read here. */
export const takesFiles = (elements: readonly FormElement[]) => elements.some((e) => isFileUpload(e.type));

/** Text fields of a multipart post: at most the submit endpoint's body limit in all. */
const MAX_TEXT_BYTES = MAX_BODY_BYTES;

export async function readMultipartSubmit(db: Db, request: Request, target: Target): Promise<MultipartSubmit> {
  const { form } = target;
  const ceiling = env().UPLOAD_MAX_FILE_MB;
  const fileFields = new Map(
    form.elements.filter((e) => isFileUpload(e.type)).map((e) => [e.id, { element: e, limits: fileLimitsOf(e, ceiling) }] as const),
  );
  const tokens = await uploadTokens(db);
  const fields: [string, string][] = [];
  const stored: { id: string; key: string }[] = [];
  const counts = new Map<string, number>();
  // Tokens in the order the files came, whichever finished storing first.
  const tokenSlots: ([string, string] | null)[] = [];
  let textBytes = 0;
  let failure: Error | null = null;
  let stopReading = () => {};
  const work: Promise<void>[] = [];

  const parser = busboy({
    headers: Object.fromEntries(request.headers),
    limits: { fieldSize: MAX_TEXT_BYTES, fields: 10_000, parts: 20_000 },
    defParamCharset: "utf8",
  });
  const fail = (error: Error) => {
    failure ??= error;
    // The rest of the body is read and dropped, not stored; the answer closes the connection (survey-routes.ts).
    input.unpipe(parser);
    input.resume();
    stopReading();
  };

  parser.on("field", (name, value, info) => {
    textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
    if (info.valueTruncated || textBytes > MAX_TEXT_BYTES) return fail(new AppError("PAYLOAD_TOO_LARGE", BODY_MESSAGES.tooLarge));
    fields.push([name, value]);
  });

  parser.on("file", (name, file, info) => {
    if (failure) return void file.resume();
    // A file input left empty posts a part with no name and no bytes.
    if (!info.filename) return void file.resume();
    const field = fileFields.get(name);
    if (!field) {
      file.resume();
      return fail(new AppError("BAD_REQUEST", FILE_MESSAGES.notAField(name), { path: [name] }));
    }
    const count = (counts.get(name) ?? 0) + 1;
    counts.set(name, count);
    if (count > field.limits.maxFiles) {
      file.resume();
      return fail(new AppError("BAD_REQUEST", FILE_MESSAGES.tooMany(labelOf(field.element), field.limits.maxFiles), { path: [name] }));
    }
    const id = randomUUID();
    const key = storageKey(form.organizationId, form.id, id);
    stored.push({ id, key });
    const slot = tokenSlots.push(null) - 1;
    work.push(
      receiveFile(file, field.element, field.limits, safeFileName(info.filename), key).then(
        async (received) => {
          await db.insert(submissionFiles).values({
            id,
            organizationId: form.organizationId,
            formId: form.id,
            elementId: name,
            name: received.name,
            size: received.size,
            contentType: received.contentType,
            storageKey: key,
          });
          tokenSlots[slot] = [name, tokens.issue({ id, formId: form.id, ...received })];
        },
        (error: Error) => {
          file.resume();
          fail(error);
        },
      ),
    );
  });

  const input = request.body ? Readable.fromWeb(request.body as import("node:stream/web").ReadableStream) : Readable.from([]);
  const finished = new Promise<void>((resolve) => {
    parser.once("close", resolve);
    parser.once("error", () => {
      fail(new AppError("BAD_REQUEST", "Request body is not valid multipart/form-data"));
      resolve();
    });
    input.once("error", () => {
      fail(failure ?? new AppError("BAD_REQUEST", "The request ended before its body did"));
      resolve();
    });
    stopReading = resolve;
  });
  input.pipe(parser);
  await finished;
  await Promise.allSettled(work);
  if (failure) {
    await discardFiles(db, stored);
    REFUSALS.add(failure);
    throw failure;
  }
  // Files keep the order they came in, after the text fields: Conform reads both alike.
  return { fields: [...fields, ...tokenSlots.filter((t) => t !== null)], fileIds: stored.map((s) => s.id) };
}

const labelOf = (element: FormElement) => (element.label.trim() || element.id).slice(0, 200);

type Received = { name: string; size: number; contentType: string };

/** One file part into storage: its size counted as it comes, its type read from its first bytes. */
async function receiveFile(file: Readable, element: FormElement, limits: FileLimits, name: string, key: string): Promise<Received> {
  const label = labelOf(element);
  const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", FILE_MESSAGES.tooLarge(label, limits.maxMb), { path: [element.id] });
  const out = new PassThrough();
  let contentType = "application/octet-stream";
  let writing: Promise<void> | null = null;
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  const start = async () => {
    const sample = Buffer.concat(head);
    const sniffed = await sniffFileType(sample, name);
    if (!sniffed) throw new AppError("BAD_REQUEST", FILE_MESSAGES.notMatching(label), { path: [element.id] });
    if (!acceptsContent(limits.accept, sniffed)) {
      throw new AppError("BAD_REQUEST", FILE_MESSAGES.wrongType(label, limits.accept), { path: [element.id] });
    }
    contentType = sniffed.contentType;
    writing = fileStorage().put(key, out, contentType);
    // A storage failure surfaces through `writing`; the stream must not throw on its own.
    writing.catch(() => {});
    out.write(sample);
  };
  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limits.maxBytes) throw tooLarge();
      if (!writing) {
        head.push(chunk);
        headBytes += chunk.length;
        if (headBytes >= SNIFF_BYTES) await start();
        continue;
      }
      if (!out.write(chunk)) await Promise.race([once(out, "drain"), writing]);
    }
    if (!writing) await start();
    out.end();
    await writing;
    return { name, size, contentType };
  } catch (error) {
    out.destroy(error as Error);
    await (writing as Promise<void> | null)?.catch(() => {});
    await fileStorage()
      .remove([key])
      .catch(() => {});
    throw error;
  }
}

/** Removes a refused request's files: bytes, then rows. */
export async function discardFiles(db: Db, files: readonly { id: string; key: string }[]): Promise<void> {
  if (!files.length) return;
  try {
    await fileStorage().remove(files.map((f) => f.key));
    await db.delete(submissionFiles).where(
      inArray(
        submissionFiles.id,
        files.map((f) => f.id),
      ),
    );
  } catch (error) {
    // The worker's housekeeping removes what is left (cleanup.ts).
    logError("discarding refused uploads failed", error);
  }
}
