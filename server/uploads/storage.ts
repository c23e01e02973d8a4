import "server-only";
import path from "node:path";
import { env } from "@/server/env";
import { localDiskStorage } from "./local-disk";
import { s3Storage } from "./s3-storage";
import type { FileStorage } from "./file-storage";

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
