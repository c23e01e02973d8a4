import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db";
import { submissionFiles, type FormElement } from "@/db/schema";
import { isFileUpload } from "@/lib/forms/element-types";
import { FILE_MESSAGES } from "@/lib/uploads/file-rules";
import { logError } from "@/server/log";
import { fileStorage } from "./storage";
import { uploadTokens } from "./upload-token";
import { isStoredFiles, type StoredFile } from "./file-links";

/**
 * A submit's file answers, from what the post carried (upload tokens) to what the submission
 * stores (`[{id, name, size, contentType}]`). Only a token this service signed for this form
 * names a file: a JSON body cannot point at a stored file, nor at another form's.
 */
export type FileAnswers =
  | { ok: true; data: Record<string, unknown>; fileIds: string[] }
  | { ok: false; errors: { field: string; message: string }[] };

export async function resolveFileAnswers(
  db: Db,
  form: { id: number; elements: readonly FormElement[] },
  data: Record<string, unknown>,
): Promise<FileAnswers> {
  const fields = form.elements.filter((e) => isFileUpload(e.type) && Object.hasOwn(data, e.id));
  if (!fields.length) return { ok: true, data, fileIds: [] };
  const tokens = await uploadTokens(db);
  const out = { ...data };
  const fileIds: string[] = [];
  const errors: { field: string; message: string }[] = [];
  for (const { id } of fields) {
    const files: StoredFile[] = [];
    for (const value of data[id] as unknown[]) {
      const pending = typeof value === "string" ? tokens.read(value, form.id) : null;
      if (!pending) {
        errors.push({ field: id, message: typeof value === "string" ? FILE_MESSAGES.gone : FILE_MESSAGES.sendFile });
        break;
      }
      if (fileIds.includes(pending.id)) continue;
      fileIds.push(pending.id);
      files.push({ id: pending.id, name: pending.name, size: pending.size, contentType: pending.contentType });
    }
    out[id] = files;
  }
  return errors.length ? { ok: false, errors } : { ok: true, data: out, fileIds };
}

/**
 * Files of a request that no submission took (its field was hidden by the form's logic, or the
 * post stored nothing): removed now rather than by the day's cleanup.
 */
export async function discardUnlinked(db: DbOrTx, fileIds: readonly string[]): Promise<void> {
  if (!fileIds.length) return;
  try {
    const gone = await db
      .delete(submissionFiles)
      .where(and(inArray(submissionFiles.id, [...fileIds]), isNull(submissionFiles.submissionId)))
      .returning({ key: submissionFiles.storageKey });
    if (gone.length) await fileStorage().remove(gone.map((g) => g.key));
  } catch (error) {
    logError("removing unlinked uploads failed", error);
  }
}

/** The files of a form's submissions, by submission (the dashboard shows them). */
export async function filesOfSubmission(db: DbOrTx, organizationId: number, submissionId: string) {
  return db
    .select({ id: submissionFiles.id, name: submissionFiles.name, size: submissionFiles.size, contentType: submissionFiles.contentType })
    .from(submissionFiles)
    .where(and(eq(submissionFiles.organizationId, organizationId), eq(submissionFiles.submissionId, submissionId)));
}

/** The ids of the files a submission's answers hold. */
export const fileIdsIn = (...datas: readonly Record<string, unknown>[]): string[] =>
  datas.flatMap((data) => Object.values(data).flatMap((v) => (isStoredFiles(v) ? v.map((f) => f.id) : [])));

/**
 * After a delete of submissions has committed: their files go (the rows, unlinked by the
 * delete's `on delete set null`, and the bytes). A failure here leaves them to the day's cleanup.
 */
export const removeFilesOfDeleted = (db: DbOrTx, datas: readonly Record<string, unknown>[]) => discardUnlinked(db, fileIdsIn(...datas));
