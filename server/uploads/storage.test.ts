import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { after, before, describe, test } from "node:test";
import { startS3Server, type RunningS3 } from "@/e2e/fixtures/s3-server";
import { localDiskStorage } from "./local-disk";
import { s3Storage } from "./s3-storage";
import type { FileStorage } from "./file-storage";

/** The storage drivers, each against the real thing: a folder on disk, and an S3-protocol server on loopback. */

let s3: RunningS3;
let dir: string;
const drivers: Record<string, () => FileStorage> = {
  "local disk": () => localDiskStorage(dir),
  s3: () =>
    s3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    }),
};

before(async () => {
  s3 = await startS3Server();
  dir = await mkdtemp(path.join(tmpdir(), "formhouse-uploads-"));
});
after(async () => {
  await s3.stop();
  await rm(dir, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A stream of `size` random bytes in 64 KB chunks, and the bytes. */
function randomStream(size: number): { stream: Readable; bytes: Buffer } {
  const bytes = randomBytes(size);
  const chunks: Buffer[] = [];
  for (let i = 0; i < size; i += 65536) chunks.push(bytes.subarray(i, i + 65536));
  return { stream: Readable.from(chunks), bytes };
}

for (const [name, make] of Object.entries(drivers)) {
  describe(`${name} storage`, () => {
    test("put streams a file in; read gives the same bytes back; remove removes it", async () => {
      const storage = make();
      // Larger than one S3 part (5 MB), so the upload is a multipart one.
      const { stream, bytes } = randomStream(7 * 1024 * 1024 + 123);
      await storage.put("1/2/file-a", stream, "application/pdf");
      const back = await storage.read("1/2/file-a");
      assert.ok(back);
      assert.ok((await readAll(back)).equals(bytes));
      await storage.remove(["1/2/file-a", "1/2/never-was"]);
      assert.equal(await storage.read("1/2/file-a"), null);
    });

    test("a body that fails midway leaves nothing", async () => {
      const storage = make();
      let n = 0;
      const failing = new Readable({
        read() {
          this.push(randomBytes(65536));
          if (++n > 20) this.destroy(new Error("limit"));
        },
      });
      await assert.rejects(storage.put("1/2/file-b", failing, "application/octet-stream"));
      assert.equal(await storage.read("1/2/file-b"), null);
      if (name === "local disk") assert.deepEqual(await readdir(path.join(dir, "1", "2")).catch(() => []), []);
    });

    test("a missing file reads as null", async () => {
      assert.equal(await make().read("9/9/nothing"), null);
    });
  });
}

test("local disk refuses a key outside its folder", async () => {
  await assert.rejects(localDiskStorage(dir).put("../escape", Readable.from([Buffer.from("x")]), "text/plain"), /outside/);
});
