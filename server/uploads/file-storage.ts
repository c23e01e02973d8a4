import "server-only";
import type { Readable } from "node:stream";

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
