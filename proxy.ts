import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/server/env";
import { refuseMalformedPath } from "@/server/http/malformed-url";
import { newNonce, rendersNoPage, securityHeaders } from "@/server/http/security-headers";

/**
 * Next.js's request hook: runs before routing. Each concern is one call into server/http/:
 * paths that are not valid percent-encoding are refused in the surface's shape; every other
 * response gets the security headers (the CSP also goes on the request, where Next reads the
 * nonce it puts on its scripts — on paths that can render a page: rewriting a request's headers
 * costs each API request a copy of them and Next's replay of the override).
 */
export function proxy(request: NextRequest) {
  const refused = refuseMalformedPath(request.url);
  if (refused) return refused;
  const { pathname } = request.nextUrl;
  const headers = securityHeaders({
    pathname,
    nonce: newNonce(),
    https: env().APP_URL.startsWith("https:"),
    dev: process.env.NODE_ENV === "development",
  });
  let response: NextResponse;
  if (rendersNoPage(pathname)) response = NextResponse.next();
  else {
    const requestHeaders = new Headers(request.headers);
    requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
    response = NextResponse.next({ request: { headers: requestHeaders } });
  }
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Build assets are immutable files served as is; everything else gets the headers.
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
