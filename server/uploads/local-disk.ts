import "server-only";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { randomBytes } from "node:crypto";
import type { FileStorage } from "./file-storage";

/**
 * Files in a local folder, one file per key. A file is written under a temporary name and
 * renamed when complete, so a reader never sees half a file and a failed write leaves none.
 */
export function localDiskStorage(root: string): FileStorage {
  const at = (key: string) => {
    const file = path.resolve(root, key);
    // Keys are made by the service (storageKey), never by a respondent; this is the belt to those braces.
    if (!file.startsWith(root + path.sep)) throw new Error(`storage key outside the upload folder: ${key}`);
    return file;
  };
  return {
    kind: "local",
    async put(key, body) {
      const file = at(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const part = `${file}.${randomBytes(6).toString("hex")}.part`;
      try {
        await pipeline(body, createWriteStream(part, { mode: 0o600 }));
        await rename(part, file);
      } catch (error) {
        await rm(part, { force: true });
        throw error;
      }
    },
    async read(key) {
      const stream = createReadStream(at(key));
      return new Promise((resolve, reject) => {
        stream.once("open", () => resolve(stream));
        stream.once("error", (e: NodeJS.ErrnoException) => (e.code === "ENOENT" ? resolve(null) : reject(e)));
      });
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(at(key), { force: true })));
    },
  };
}
