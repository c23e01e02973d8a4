import type { IncomingMessage, ServerResponse } from "node:http";
import { finished } from "node:stream/promises";
import { createRequestResponseMocks } from "next/dist/server/lib/mock-request.js";
import type { InProcessGet } from "../../server/http/in-process";

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * GETs through `handle` (Next's request handler) on a request and response that live in
 * memory: Next's own mocks, with which it renders pages for on-demand revalidation. The
 * body is collected as written and read once the response has ended.
 */
export function inProcessGet(handle: Handler): InProcessGet {
  return async (path, headers) => {
    const chunks: Buffer[] = [];
    const { req, res } = createRequestResponseMocks({
      url: path,
      headers,
      resWriter: (chunk) => chunks.push(Buffer.from(chunk)) > 0,
    });
    await Promise.all([handle(req, res), finished(res)]);
    const answered = new Headers();
    for (const [name, value] of Object.entries(res.getHeaders())) {
      for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) answered.append(name, String(v));
    }
    return { status: res.statusCode, headers: answered, body: Buffer.concat(chunks).toString("utf8") };
  };
}
