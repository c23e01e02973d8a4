/**
 * Upload benchmark (`npm run bench -- --only uploads`): a 10 MB file sent to a form's submit
 * endpoint (multipart, streamed into storage on local disk, a submission stored) against the
 * same 10 MB POSTed to a bare route (a Node server in this process that only drains the body),
 * one request at a time, UPLOAD_BENCH_ROUNDS (10) each; MB/s for both, and the server's resident
 * memory before, at its peak and after (flat: the body is never held whole).
 */
import http from "node:http";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import type { Db } from "../db";
import { organizations } from "../db/schema";
import { importForm } from "../server/services/forms/import-form";
import { dropBenchOrganization } from "./lib/bench-teardown";

const ROUNDS = Number(process.env.UPLOAD_BENCH_ROUNDS) || 10;
const SIZE = 10 * 1024 * 1024;
const BOUNDARY = "----formhouse-bench";

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** A bare route: answers 204 once the body is read, nothing else. */
async function bareServer(): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    req.on("data", () => {});
    req.on("end", () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

async function timed(rounds: number, send: () => Promise<Response>, status: number): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < rounds; i++) {
    const res = await send();
    await res.arrayBuffer();
    if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}`);
  }
  return (performance.now() - t0) / 1000;
}

export async function runUploadBench(db: Db, baseUrl: string, serverPid: number): Promise<{ failed: boolean }> {
  const [org] = await db.insert(organizations).values({ name: "upload bench" }).returning({ id: organizations.id });
  const bare = await bareServer();
  try {
    const elements = [{ id: "fld_file", label: "File", type: "file-upload", required: true, maxFileSizeMb: 11 }];
    const form = await importForm(db, org!.id, { name: "Upload bench", elements }, { publish: true });
    const file = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(SIZE - 9, "x")]);
    const multipart = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="fld_file"; filename="bench.pdf"\r\n` +
          `Content-Type: application/pdf\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    let n = 0;
    const upload = () =>
      fetch(`${baseUrl}/f/${form.uuid}/submit`, {
        method: "POST",
        headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, "x-forwarded-for": `10.9.${n >> 8}.${n++ & 255}` },
        body: multipart,
      });
    const plain = () => fetch(bare.url, { method: "POST", headers: { "content-type": "application/octet-stream" }, body: file });

    await timed(2, upload, 201); // warm-up: the route compiled, pools and storage ready
    await timed(2, plain, 204);
    const before = rssMb(serverPid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(serverPid))), 20);
    const uploadS = await timed(ROUNDS, upload, 201);
    clearInterval(sampler);
    const after = rssMb(serverPid);
    const plainS = await timed(ROUNDS, plain, 204);

    const mbps = (s: number) => ((ROUNDS * SIZE) / 1024 / 1024 / s).toFixed(0).padStart(4);
    const each = (s: number) => ((s * 1000) / ROUNDS).toFixed(0).padStart(12);
    console.log(`\n## Uploads: ${ROUNDS} × 10 MB, one at a time`);
    console.log(`| path                                          | MB/s | ms per 10 MB |`);
    console.log(`| --------------------------------------------- | ---: | -----------: |`);
    console.log(`| file-upload submit (multipart → local disk)   | ${mbps(uploadS)} | ${each(uploadS)} |`);
    console.log(`| plain POST to a bare route (drained)          | ${mbps(plainS)} | ${each(plainS)} |`);
    console.log(`server RSS: ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at the peak, ${after.toFixed(0)} MB after`);
    return { failed: false };
  } finally {
    bare.close();
    await dropBenchOrganization(db, org?.id);
  }
}
