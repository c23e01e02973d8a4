import "server-only";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import { SURVEY_ROOTS } from "@/lib/app-paths";
import { REST_MOUNTS } from "@/server/rest/mounts";

/**
 * A URL path that is not valid percent-encoded UTF-8 (`/api/v2/forms/%zz`, `%C0%AF`, a lone `%`)
 * makes Next.js fail while matching routes, before any handler runs: a text/plain 500 with
 * nothing logged. The request hook (proxy.ts) answers such paths first, with a 400 in the
 * shape of the surface the path belongs to.
 */

/** The first path segment that does not decode, or null. */
export function malformedSegment(pathname: string): string | null {
  for (const segment of pathname.split("/")) {
    try {
      decodeURIComponent(segment);
    } catch {
      return segment;
    }
  }
  return null;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * The 400 for a path, in its surface's shape: REST `{message}` / `{error}`, the survey routes'
 * `{message}` (a page cannot be rendered for a path that does not decode), tRPC's error, else
 * plain text.
 */
export function badPathResponse(pathname: string, message: string): Response {
  for (const { prefix, errorKey } of Object.values(REST_MOUNTS) as { prefix: string; errorKey: string }[]) {
    if (under(pathname, prefix)) return json(400, { [errorKey]: message });
  }
  if (SURVEY_ROOTS.some((root) => under(pathname, root))) return json(400, { message });
  if (under(pathname, "/api/trpc")) {
    return json(400, { error: { message, code: TRPC_ERROR_CODES_BY_KEY.BAD_REQUEST, data: { code: "BAD_REQUEST", httpStatus: 400 } } });
  }
  return new Response(`400 Bad Request: ${message}\n`, {
    status: 400,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}

export const malformedPathMessage = (segment: string) =>
  `URL path segment "${segment.length > 64 ? `${segment.slice(0, 64)}…` : segment}" is not valid percent-encoded UTF-8`;

/** The answer for a request whose path does not decode, or null to let it through. */
export function refuseMalformedPath(url: string): Response | null {
  // The raw path as sent: URL keeps percent-escapes as they are.
  const { pathname } = new URL(url);
  const segment = malformedSegment(pathname);
  if (segment === null) return null;
  return badPathResponse(pathname, malformedPathMessage(segment));
}
