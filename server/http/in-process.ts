import "server-only";
import { cspNonce } from "./security-headers";
/**
 * GETs this server answers itself, in this process: no socket, no HTTP. The server script
 * (scripts/serve.ts) lends the app Next's request handler once it is ready; `getInProcess`
 * sends a request built in memory through it, so the answer is the one a browser would get
 * for that path — proxy.ts, routing, the page — minus the network, parsing and compression.
 *
 * The lender sits on globalThis: the server script and each route's bundle are separate
 * module graphs in one process.
 */
export type InProcessAnswer = { status: number; headers: Headers; body: string };
export type InProcessGet = (path: string, headers: Record<string, string>) => Promise<InProcessAnswer>;

const globalForInProcess = globalThis as unknown as { formhouseInProcessGet?: InProcessGet };

/** Called once by the server that owns the socket. */
export function answerInProcess(get: InProcessGet): void {
  globalForInProcess.formhouseInProcessGet = get;
}

/** `path`'s answer from this process; throws when the app was not started by scripts/serve.ts. */
export async function getInProcess(path: string, headers: Record<string, string>): Promise<InProcessAnswer> {
  const get = globalForInProcess.formhouseInProcessGet;
  if (!get) throw new Error("No in-process request handler: start the app with scripts/serve.ts (npm start, npm run dev)");
  return get(path, headers);
}

/**
 * The outer request's headers a render reads: its host (the request's URL), its user agent
 * (Next streams metadata to browsers and puts it in the head for bots) and its language (the
 * phone field's default country, should the page build the view itself).
 */
const FORWARDED = ["host", "user-agent", "accept-language"];
const forwarded = (headers: Headers) =>
  Object.fromEntries(FORWARDED.flatMap((name) => (headers.has(name) ? [[name, headers.get(name)!]] : [])));

/**
 * The inner render passed proxy.ts too and carries its own CSP nonce, but the browser gets the
 * CSP of the outer request (proxy.ts puts it on that request's headers): give the page's
 * scripts that nonce.
 */
function withOuterNonce(html: string, inner: Headers, outer: Headers): string {
  const from = cspNonce(inner.get("content-security-policy"));
  const to = cspNonce(outer.get("content-security-policy"));
  return from && to && from !== to ? html.split(`nonce="${from}"`).join(`nonce="${to}"`) : html;
}

/**
 * The page at `path` rendered in this process for a route handler answering `request`, which
 * then answers with this HTML and a status of its choosing: the render sees the request's host,
 * user agent and language (and `headers`), and its scripts carry the outer response's nonce.
 */
export async function renderPageInProcess(
  request: Request,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; html: string }> {
  const page = await getInProcess(path, { ...forwarded(request.headers), ...headers });
  return { status: page.status, html: withOuterNonce(page.body, page.headers, request.headers) };
}
