import "server-only";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import { SURVEY_ROOTS } from "@/lib/app-paths";
import { REST_MOUNTS } from "@/server/rest/mounts";

/**
 * The answer while this instance cannot serve: its database is unreachable (db/availability.ts)
 * or it is stopping. A 503 with Retry-After and one sentence in the shape of the surface the path
 * belongs to — REST `{message}` / connector `{error}`, tRPC's error, the survey submit's `{message}`,
 * OAuth's RFC 6749 error — and a small page for everything a browser shows. Written by the server
 * script (scripts/serve.ts), outside Next, so it costs no database and cannot fail.
 */
export type PlainAnswer = { status: number; headers: Record<string, string>; body: string };

export const UNAVAILABLE_MESSAGE = "Formhouse cannot reach its database at the moment; try again in a few seconds.";
export const RETRY_AFTER_SECONDS = 5;

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

const json = (body: unknown): PlainAnswer => ({
  status: 503,
  headers: {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "retry-after": String(RETRY_AFTER_SECONDS),
  },
  body: JSON.stringify(body),
});

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page that needs nothing from the app (no script, no stylesheet): readable at any width, by any reader. */
function page(message: string): PlainAnswer {
  const body =
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Temporarily unavailable · Formhouse</title>' +
    "<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}</style>" +
    `</head><body><main><h1>Temporarily unavailable</h1><p>${escapeHtml(message)}</p></main></body></html>`;
  return {
    status: 503,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "retry-after": String(RETRY_AFTER_SECONDS),
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
    body,
  };
}

/** tRPC's error body; a batch (`/api/trpc/a,b?batch=1`) gets one per procedure. */
function trpcError(pathname: string, search: string, message: string): PlainAnswer {
  const one = {
    error: { message, code: TRPC_ERROR_CODES_BY_KEY.SERVICE_UNAVAILABLE, data: { code: "SERVICE_UNAVAILABLE", httpStatus: 503 } },
  };
  if (!new URLSearchParams(search).has("batch")) return json(one);
  const procedures = pathname.slice("/api/trpc/".length).split(",").filter(Boolean);
  return json(procedures.map(() => one));
}

/** The 503 for a request to `url` (path and query) with `contentType`, while this instance cannot serve it. */
export function unavailableAnswer(url: string, contentType: string | undefined, message = UNAVAILABLE_MESSAGE): PlainAnswer {
  const { pathname, search } = new URL(url, "http://x");
  for (const { prefix, errorKey } of Object.values(REST_MOUNTS) as { prefix: string; errorKey: string }[]) {
    if (under(pathname, prefix)) return json({ [errorKey]: message });
  }
  if (under(pathname, "/api/trpc")) return trpcError(pathname, search, message);
  if (under(pathname, "/oauth/token") || under(pathname, "/oauth/revoke")) {
    return json({ error: "temporarily_unavailable", error_description: message });
  }
  const jsonBody = /^application\/([\w.+-]+\+)?json/i.test(contentType ?? "");
  if (SURVEY_ROOTS.some((root) => under(pathname, root)) && pathname.endsWith("/submit") && jsonBody) return json({ message });
  if (under(pathname, "/api")) return json({ message });
  return page(message);
}
