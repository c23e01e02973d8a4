import "server-only";
import path from "node:path";
import type { Readable } from "node:stream";
import { env } from "@/server/env";
import { localDiskStorage } from "./local-disk";
import { s3Storage } from "./s3-storage";

/**
 * Where uploaded files' bytes live: local disk (the default, one instance) or an S3 bucket
 * (`S3_BUCKET`, any S3-compatible store; several instances need it). Files are private in
 * both: nothing serves them but the signed download route (app/files/[fileId]/route.ts).
 */
export interface FileStorage {
  readonly kind: "local" | "s3";
  /** Streams `body` to `key`; the file exists only once this resolves (an error or abort leaves nothing). */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** The file's bytes, or null when it is gone. */
  read(key: string): Promise<Readable | null>;
  /** Removes files; a missing one is no error. */
  remove(keys: readonly string[]): Promise<void>;
}

/** The local folder: `UPLOAD_DIR`, else `.data/uploads` beside the embedded database's `.data/postgres`. */
export const uploadDir = () => path.resolve(env().UPLOAD_DIR ?? path.join(process.cwd(), ".data", "uploads"));

const globalForStorage = globalThis as unknown as { formhouseFileStorage?: FileStorage };

/** This process's storage, chosen once from the environment. */
export function fileStorage(): FileStorage {
  if (globalForStorage.formhouseFileStorage) return globalForStorage.formhouseFileStorage;
  const e = env();
  const storage = e.S3_BUCKET
    ? s3Storage({
        bucket: e.S3_BUCKET,
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        credentials:
          e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
            : undefined,
      })
    : localDiskStorage(uploadDir());
  globalForStorage.formhouseFileStorage = storage;
  return storage;
}

/** A file's key: by organization and form, so a bucket's listing reads as the service's tenants. */
export const storageKey = (organizationId: number, formId: number, fileId: string) => `${organizationId}/${formId}/${fileId}`;
