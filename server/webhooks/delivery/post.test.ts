import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, test } from "node:test";
import { createWebhookAgent, excerptText, MAX_RESPONSE_BYTES, postAttempt as timedAttempt, RESPONSE_EXCERPT_BYTES } from "./post";

const agent = createWebhookAgent({ allowPrivate: true });
after(() => agent.close());

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** An attempt's outcome without its duration, which is checked to be a sane number of ms. */
async function postAttempt(...args: Parameters<typeof timedAttempt>) {
  const { durationMs, ...outcome } = await timedAttempt(...args);
  assert.ok(Number.isInteger(durationMs) && durationMs >= 0 && durationMs < 30_000, String(durationMs));
  return outcome;
}

/** A receiver on loopback with the given behaviour; records what it was sent. */
async function receiver(handler: Handler) {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      handler(req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const close = () => {
    server.closeAllConnections();
    return new Promise((r) => server.close(r));
  };
  return { url, received, close };
}

test("a 2xx is success; the body goes out as JSON with our headers", async () => {
  const r = await receiver((_, res) => res.writeHead(204).end());
  try {
    const out = await postAttempt(agent, r.url, { "webhook-id": "abc" }, '{"a":1}');
    assert.deepEqual(out, { ok: true, statusCode: 204, responseExcerpt: "" });
    assert.equal(r.received[0]!.body, '{"a":1}');
    assert.equal(r.received[0]!.headers["content-type"], "application/json");
    assert.equal(r.received[0]!.headers["user-agent"], "Formhouse-Webhooks/1.0");
    assert.equal(r.received[0]!.headers["webhook-id"], "abc");
  } finally {
    await r.close();
  }
});

test("non-2xx answers fail with their status; 429/503 carry Retry-After; 410 is gone", async () => {
  const cases: [number, Record<string, string>, object][] = [
    [500, {}, { statusCode: 500, error: "HTTP 500", retryAfterS: null, gone: false }],
    [429, { "retry-after": "30" }, { statusCode: 429, error: "HTTP 429", retryAfterS: 30, gone: false }],
    [503, { "retry-after": "7" }, { statusCode: 503, error: "HTTP 503", retryAfterS: 7, gone: false }],
    [500, { "retry-after": "7" }, { statusCode: 500, error: "HTTP 500", retryAfterS: null, gone: false }],
    [410, {}, { statusCode: 410, error: "HTTP 410", retryAfterS: null, gone: true }],
  ];
  for (const [status, headers, expected] of cases) {
    const r = await receiver((_, res) => res.writeHead(status, headers).end("nope"));
    try {
      assert.deepEqual(await postAttempt(agent, r.url, {}, "{}"), { ok: false, ...expected, responseExcerpt: "nope" }, String(status));
    } finally {
      await r.close();
    }
  }
});

test("a redirect is not followed and counts as a failure", async () => {
  const target = await receiver((_, res) => res.end("ok"));
  const r = await receiver((_, res) => res.writeHead(307, { location: target.url }).end());
  try {
    assert.deepEqual(await postAttempt(agent, r.url, {}, "{}"), {
      ok: false,
      statusCode: 307,
      error: "HTTP 307 (redirects are not followed)",
      retryAfterS: null,
      gone: false,
      responseExcerpt: "",
    });
    assert.equal(target.received.length, 0);
  } finally {
    await r.close();
    await target.close();
  }
});

test("an endless response body is read to 64 KB, then dropped: the outcome comes at once", async () => {
  let written = 0;
  const r = await receiver((_, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    const chunk = Buffer.alloc(16 * 1024, "x");
    const pump = () => {
      while (res.write(chunk)) {
        written += chunk.length;
        if (written > 50 * 1024 * 1024) return res.end();
      }
      res.once("drain", pump);
    };
    pump();
  });
  try {
    const t0 = Date.now();
    assert.deepEqual(await postAttempt(agent, r.url, {}, "{}"), { ok: true, statusCode: 200, responseExcerpt: "x".repeat(4096) });
    assert.ok(Date.now() - t0 < 2000);
    // The sender stopped reading: far less than the 50 MB it offered went out.
    await new Promise((res) => setTimeout(res, 100));
    assert.ok(written < 20 * MAX_RESPONSE_BYTES + 4 * 1024 * 1024, String(written));
  } finally {
    await r.close();
  }
});

test("no answer within the timeout is a failure; so is a refused connection", async () => {
  const r = await receiver(() => {});
  try {
    const t0 = Date.now();
    assert.deepEqual(await postAttempt(agent, r.url, {}, "{}", 300), {
      ok: false,
      statusCode: null,
      error: "Timed out after 0.3 s",
      retryAfterS: null,
      gone: false,
      responseExcerpt: null,
    });
    assert.ok(Date.now() - t0 < 1500);
  } finally {
    await r.close();
  }
  const closed = await receiver(() => {});
  const url = closed.url;
  await closed.close();
  assert.deepEqual(await postAttempt(agent, url, {}, "{}"), {
    ok: false,
    statusCode: null,
    error: "Connection refused",
    retryAfterS: null,
    gone: false,
    responseExcerpt: null,
  });
});

test("a host without addresses is not a refusal: it could not be resolved", async () => {
  const noDns = createWebhookAgent({ allowPrivate: true }, async () => []);
  try {
    assert.deepEqual(await postAttempt(noDns, "http://hooks.invalid/x", {}, "{}"), {
      ok: false,
      statusCode: null,
      error: "Host could not be resolved",
      retryAfterS: null,
      gone: false,
      responseExcerpt: null,
    });
  } finally {
    await noDns.close();
  }
});

test("a refused address never gets a connection and says why", async () => {
  const strictAgent = createWebhookAgent({ allowPrivate: false });
  try {
    assert.deepEqual(await postAttempt(strictAgent, "http://169.254.169.254/latest/meta-data", {}, "{}"), {
      ok: false,
      statusCode: null,
      error: "Refused: 169.254.169.254 is a cloud metadata address",
      retryAfterS: null,
      gone: false,
      responseExcerpt: null,
    });
  } finally {
    await strictAgent.close();
  }
});

test("the log keeps the first 4 KB of an answer as text: a character cut at the end dropped, NUL removed", async () => {
  const body = Buffer.concat([Buffer.from("a\u0000b"), Buffer.alloc(RESPONSE_EXCERPT_BYTES - 4, "y"), Buffer.from("é and more")]);
  const r = await receiver((_, res) => res.writeHead(500).end(body));
  try {
    const out = await postAttempt(agent, r.url, {}, "{}");
    // 3 + 4092 bytes, then the first byte of "é": dropped as incomplete.
    assert.equal(out.responseExcerpt, `ab${"y".repeat(RESPONSE_EXCERPT_BYTES - 4)}`);
  } finally {
    await r.close();
  }
  assert.equal(excerptText(Buffer.from([0xff, 0x41])), "\ufffdA");
});
