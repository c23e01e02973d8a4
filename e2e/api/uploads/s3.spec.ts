import http from "node:http";
import { readFileSync } from "node:fs";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { startNextServer, type RunningServer } from "../../../scripts/lib/next-server";
import { s3Storage } from "../../../server/uploads/s3-storage";
import { startS3Server, type RunningS3 } from "../../fixtures/s3-server";
import { expect, newClientAddress, test } from "../../fixtures";
import { storedRows, submitPath } from "../survey/survey-fixtures";
import { fileRows, MULTIPART_TYPE, multipartPost, PDF, uploadForm } from "./upload-fixtures";

/**
 * The same uploads on S3: a real S3-protocol server on loopback (s3rver) and a second instance
 * of the service started here with `S3_*` set, on the suite's database. The storage drivers'
 * own suite (both drivers): server/uploads/storage.test.ts. Also here, with its own server so
 * its memory can be read: a 2 GB body refused early without the server's memory growing.
 */

test.describe.configure({ mode: "serial", timeout: 180_000 });

let s3: RunningS3;
let server: RunningServer;
let client: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  s3 = await startS3Server();
  server = await startNextServer({
    databaseUrl: process.env.DATABASE_URL!,
    env: { ...s3.env, TRUST_PROXY: "1", UPLOAD_MAX_FILE_MB: "25" },
    logs: Boolean(process.env.SERVER_LOGS),
  });
  client = await playwrightRequest.newContext({ baseURL: server.baseUrl, extraHTTPHeaders: { "x-forwarded-for": newClientAddress() } });
});

test.afterAll(async () => {
  await client?.dispose();
  server?.stop();
  await s3?.stop();
});

const bucket = () =>
  s3Storage({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

test("a submit stores its file in the bucket; the signed link downloads it; deleting the submission deletes the object", async ({
  seed,
}) => {
  const { org, form } = await uploadForm(seed);
  const res = await multipartPost(client, submitPath(form.uuid), [
    { name: "who", value: "Ada" },
    { name: "fld_cv", filename: "cv.pdf", type: "application/pdf", data: PDF },
  ]);
  expect(res.status, res.text).toBe(201);
  const [file] = await fileRows(seed, form.id);
  const object = await bucket().read(file!.storageKey);
  expect(object).not.toBeNull();
  expect((await readAll(object!)).equals(PDF)).toBe(true);

  const [row] = await storedRows(seed, form.id);
  const token = await seed.token(org.organizationId, { scopes: ["submission.view", "submission.delete"] });
  const got = await client.get(`/api/v2/submissions/${row!.id}`, { headers: { "X-SERVICE-TOKEN": token } });
  const url = new URL(((await got.json()).submission.data.fld_cv as { url: string }[])[0]!.url);
  expect(url.origin).toBe(server.baseUrl);
  const download = await client.get(`${url.pathname}${url.search}`);
  expect(download.status()).toBe(200);
  expect(Buffer.from(await download.body()).equals(PDF)).toBe(true);
  expect(download.headers()["content-disposition"]).toMatch(/^attachment;/);

  expect((await client.delete(`/api/v2/submissions/${row!.id}`, { headers: { "X-SERVICE-TOKEN": token } })).status()).toBe(200);
  expect(await bucket().read(file!.storageKey)).toBeNull();
  expect(await fileRows(seed, form.id)).toEqual([]);
});

test("a refused file leaves no object in the bucket", async ({ seed }) => {
  const { form } = await uploadForm(seed, { maxFileSizeMb: 1 });
  const big = Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024, "x")]);
  const res = await multipartPost(client, submitPath(form.uuid), [
    { name: "who", value: "Ada" },
    { name: "fld_cv", filename: "cv.pdf", type: "application/pdf", data: big },
  ]);
  expect(res.status).toBe(413);
  expect(res.body).toEqual({ message: "Your CV: each file must be at most 1 MB" });
  expect(await fileRows(seed, form.id)).toEqual([]);
});

/** The server process's resident memory, in MB (Linux). */
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

test("a 2 GB body is refused as soon as its file passes the limit, and the server's memory does not grow", async ({ seed }) => {
  const { form } = await uploadForm(seed); // 10 MB per file
  const pid = server.process.pid!;
  // Warm the route (first-request compilation and caches count as no growth of ours).
  await multipartPost(client, submitPath(form.uuid), [{ name: "who", value: "Ada" }]);
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);

  const head = Buffer.from(
    `--${MULTIPART_TYPE.split("boundary=")[1]}\r\nContent-Disposition: form-data; name="fld_cv"; filename="zeros.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  const total = 2 * 1024 ** 3;
  const zeros = Buffer.alloc(1024 * 1024);
  const started = Date.now();
  let sent = 0;
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const url = new URL(submitPath(form.uuid), server.baseUrl);
    const req = http.request(url, {
      method: "POST",
      headers: { "content-type": MULTIPART_TYPE, "content-length": String(total), "x-forwarded-for": newClientAddress() },
    });
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => {
        resolve({ status: res.statusCode!, body });
        req.destroy();
      });
    });
    req.on("error", (e) => (sent < total ? undefined : reject(e)));
    req.write(head);
    sent += head.length;
    const pump = () => {
      while (sent < total && !req.destroyed && !answered) {
        sent += zeros.length;
        if (!req.write(zeros)) return void req.once("drain", pump);
      }
    };
    pump();
  });
  clearInterval(sampler);
  const after = rssMb(pid);
  expect(answer.status).toBe(413);
  expect(JSON.parse(answer.body)).toEqual({ message: "Your CV: each file must be at most 10 MB" });
  // Refused early: far less than the body was sent before the answer.
  expect(sent).toBeLessThan(total / 4);
  expect(peak - before).toBeLessThan(100);
  test.info().annotations.push({
    type: "memory",
    description:
      `2 GB body: answered after ${(sent / 1024 / 1024).toFixed(0)} MB sent in ${Date.now() - started} ms; ` +
      `server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB, ${after.toFixed(0)} MB after`,
  });
  console.log(test.info().annotations.at(-1)!.description);
  expect(await fileRows(seed, form.id)).toEqual([]);
});
