import { randomBytes } from "node:crypto";
import { renderPageInProcess } from "@/server/http/in-process";
import type { SurveyFormView, SurveyNoticeView } from "@/server/services/survey/survey-view";

/**
 * The survey page as answered by a route handler: a unique link's (200, or 410 once closed,
 * 404 when unknown) and a form post's that did not submit (the form again with 422, 429, or
 * 200 after a list button without JavaScript; 410 or 404 when it closed). Next.js renders pages
 * only from page routes and only with 200 or 404, so the handler has the page route render the
 * markup in this process (server/http/in-process.ts: a request built in memory, no socket),
 * handing it the already-built view in memory under a one-time key, and answers with that
 * HTML and its own status. The page hydrates as usual.
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
    // An embedded page's post is answered embedded too (embed-mode.ts reads the path's `embed=1`).
    const embedded = new URL(request.url).searchParams.get("embed") === "1";
    const path = `/f/${encodeURIComponent(opts.formUuid ?? "unavailable")}${embedded ? "?embed=1" : ""}`;
    const page = await renderPageInProcess(request, path, { [HANDOFF_HEADER]: key });
    return new Response(request.method === "HEAD" ? null : page.html, {
      status: page.status === 404 || page.status >= 500 ? page.status : opts.status,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...opts.headers },
    });
  } finally {
    store.delete(key);
  }
}
