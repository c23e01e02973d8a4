import http from "node:http";
import type { AddressInfo } from "node:net";

/** What a receiver answers: a status, headers, after a delay. */
export type Reply = { status?: number; headers?: Record<string, string>; delayMs?: number; body?: string };

export type Received = {
  at: number;
  headers: http.IncomingHttpHeaders;
  /** The raw body, exactly as sent (signatures are over these bytes). */
  raw: string;
  json: any;
};

/**
 * A real webhook endpoint for the tests: an HTTP server on loopback that records every
 * request and answers as `reply` says (default 200). It can go down (port closed:
 * connections are refused) and come back on the same port.
 */
export async function startReceiver(reply: (r: Received, n: number) => Reply = () => ({})) {
  const received: Received[] = [];
  let answer = reply;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        json = undefined;
      }
      const r: Received = { at: Date.now(), headers: req.headers, raw, json };
      received.push(r);
      const { status = 200, headers = {}, delayMs = 0, body = "" } = answer(r, received.length);
      const send = () => res.writeHead(status, headers).end(body);
      if (delayMs) setTimeout(send, delayMs);
      else send();
    });
  });
  const listen = (port = 0) => new Promise<void>((r) => server.listen(port, "127.0.0.1", () => r()));
  await listen();
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/hooks/formhouse`,
    received,
    /** Changes the answers from now on. */
    reply(next: (r: Received, n: number) => Reply) {
      answer = next;
    },
    /** Closes the port: attempts meet `Connection refused`. */
    async down() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
    up: () => listen(port),
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

type Truthy<T> = Exclude<T, false | null | undefined | 0 | "">;

/** Polls `check` until it returns a truthy value or `timeoutMs` passes (then throws with `what`). */
export async function waitFor<T>(what: string, check: () => T | Promise<T>, timeoutMs = 10_000, everyMs = 25): Promise<Truthy<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Truthy<T>;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
