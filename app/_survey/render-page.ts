import { randomBytes } from "node:crypto";
import { env } from "@/server/env";
import type { SurveyFormView, SurveyNoticeView } from "@/server/services/survey/survey-view";

/**
 * Survey answers that are not a plain 200 page — the form again after a failed form post
 * (422, 429), a closed unique link (410), an unknown one (404) — are still the survey page.
 * Next.js renders pages only from page routes and only with 200 or 404, so a route handler
 * that needs another status asks the page route for the markup over loopback, handing it the
 * already-built view in memory under a one-time key, and answers with that HTML and its own
 * status. The page hydrates as usual: the browser never sees the internal request.
 *
 * The key is random, lives for one render (deleted when the HTML is read, or after 30 s),
 * and only this process knows it, so a request from outside can never choose a view.
 */
export type SurveyPageView = SurveyFormView | SurveyNoticeView | { kind: "not-found" };

export const HANDOFF_HEADER = "x-formhouse-survey-view";
const TTL_MS = 30_000;

type Entry = { view: SurveyPageView; expires: number };
const globalForHandoff = globalThis as unknown as { formhouseSurveyHandoffs?: Map<string, Entry> };
const store = (globalForHandoff.formhouseSurveyHandoffs ??= new Map());

/** The view handed to this render, or null for an ordinary request. */
export function handedView(headers: Headers): SurveyPageView | null {
  const key = headers.get(HANDOFF_HEADER);
  if (!key) return null;
  const entry = store.get(key);
  return entry && entry.expires > Date.now() ? entry.view : null;
}

/** The page route's HTML for `view`, answered with `status` (a 404 or 5xx of the render stays as it is). */
export async function surveyPageResponse(
  request: Request,
  view: SurveyPageView,
  opts: { formUuid?: string; status: number; headers?: Record<string, string> },
): Promise<Response> {
  const now = Date.now();
  for (const [k, e] of store) if (e.expires <= now) store.delete(k);
  const key = randomBytes(18).toString("base64url");
  store.set(key, { view, expires: now + TTL_MS });
  try {
    // Any path under /f/ renders the survey page; the handed view decides what it shows.
    const path = `/f/${encodeURIComponent(opts.formUuid ?? "unavailable")}`;
    const res = await fetch(`http://${loopbackHost(env().HOST)}:${env().PORT}${path}`, {
      headers: {
        [HANDOFF_HEADER]: key,
        "accept-language": request.headers.get("accept-language") ?? "",
        "user-agent": request.headers.get("user-agent") ?? "",
      },
      cache: "no-store",
      redirect: "manual",
    });
    const html = withOuterNonce(await res.text(), res.headers, request.headers);
    return new Response(request.method === "HEAD" ? null : html, {
      status: res.status === 404 || res.status >= 500 ? res.status : opts.status,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...opts.headers },
    });
  } finally {
    store.delete(key);
  }
}

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

/**
 * The loopback render carries its own CSP nonce, but the browser gets the CSP of the outer
 * request (proxy.ts puts it on that request's headers): give the page's scripts that nonce.
 */
function withOuterNonce(html: string, inner: Headers, outer: Headers): string {
  const from = nonceOf(inner.get("content-security-policy"));
  const to = nonceOf(outer.get("content-security-policy"));
  return from && to && from !== to ? html.split(`nonce="${from}"`).join(`nonce="${to}"`) : html;
}

/** Where this server answers itself: loopback when it listens on every interface, else its own address. */
function loopbackHost(host: string): string {
  if (host === "0.0.0.0" || host === "::" || host === "localhost") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}
