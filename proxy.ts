import { NextResponse, type NextRequest } from "next/server";
import { REQUESTED_PATH_HEADER } from "@/lib/app-paths";
import { refuseMalformedPath } from "@/server/http/malformed-url";
import { isSurveyPage, rendersNoPage, responseSecurityHeaders } from "@/server/http/security-headers";
import { framePolicyOrNone } from "@/server/services/publishing/frame-policy";

/**
 * Next.js's request hook: runs before routing. Each concern is one call into server/http/:
 * paths that are not valid percent-encoding are refused in the surface's shape; every other
 * response gets the security headers (the CSP also goes on the request, where Next reads the
 * nonce it puts on its scripts — on paths that can render a page: rewriting a request's headers
 * costs each API request a copy of them and Next's replay of the override).
 */
export async function proxy(request: NextRequest) {
  const refused = refuseMalformedPath(request.url);
  if (refused) return refused;
  const { pathname } = request.nextUrl;
  // A form that lists embedOrigins may be framed by those sites only; one with a CAPTCHA loads its worker.
  const headers = responseSecurityHeaders(pathname, isSurveyPage(pathname) ? await framePolicyOrNone(pathname) : undefined);
  let response: NextResponse;
  if (rendersNoPage(pathname, request.headers.get("content-type"))) response = NextResponse.next();
  else {
    const requestHeaders = new Headers(request.headers);
    requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
    // A page that needs a signed-in user sends a visitor to sign in and back here (the dashboard's layout).
    requestHeaders.set(REQUESTED_PATH_HEADER, `${pathname}${request.nextUrl.search}`);
    response = NextResponse.next({ request: { headers: requestHeaders } });
  }
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [
    // Build assets are immutable files served as is; everything else gets the headers, but for
    // /mcp, which sets them itself for the same reason as survey submits with a JSON body (below)...
    "/((?!_next/static|_next/image|favicon.ico|mcp$|[fu]/[0-9A-Za-z-]+/submit).*)",
    // ...which are answered in JSON whatever happens, with the same headers set by the route
    // (server/rest/survey/submit-request.ts): the hook copies a POST's body for itself, which
    // cost each submit ~0.7 ms of the server's CPU, a third of it. A submit path that is not a
    // plain id (a malformed one too) and a form post, which may get the page again, still come here.
    {
      source: "/:root(f|u)/:id([0-9A-Za-z-]+)/submit",
      missing: [
        { type: "header", key: "content-type", value: "application/([\\w.+-]+\\+)?json.*" },
        // A multipart body may carry files: the hook would copy it whole into memory (the route sets the headers itself).
        { type: "header", key: "content-type", value: "multipart/form-data.*" },
      ],
    },
  ],
};
