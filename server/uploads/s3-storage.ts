import "server-only";
import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { Readable } from "node:stream";
import type { FileStorage } from "./file-storage";

export type S3Options = {
  bucket: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/**
 * Files in an S3 (or S3-compatible) bucket, which stays private: the service reads objects with
 * its own credentials and never hands out a bucket URL. Uploads stream in parts (lib-storage's
 * Upload: 5 MB parts, at most 4 in flight), so memory stays flat whatever the file's size; an
 * aborted upload leaves no object.
 */
export function s3Storage(options: S3Options): FileStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
  });
  const Bucket = options.bucket;
  return {
    kind: "s3",
    async put(key, body, contentType) {
      const upload = new Upload({ client, params: { Bucket, Key: key, Body: body, ContentType: contentType }, queueSize: 2 });
      // The body failing (a limit, a broken request) ends the upload: no half object is kept.
      const onError = () => void upload.abort().catch(() => {});
      body.once("error", onError);
      try {
        await upload.done();
      } finally {
        body.off("error", onError);
      }
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return object.Body instanceof Readable ? object.Body : null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async remove(keys) {
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000);
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
      }
    },
  };
}
