import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/server/env";
import { newNonce, securityHeaders } from "@/server/http/security-headers";

/**
 * Next.js proxy (formerly middleware): the security headers of server/http/security-headers.ts
 * on every response. The CSP also goes on the request, where Next reads the nonce it puts on
 * its scripts.
 */
export function proxy(request: NextRequest) {
  const headers = securityHeaders({
    pathname: request.nextUrl.pathname,
    nonce: newNonce(),
    https: env().APP_URL.startsWith("https:"),
    dev: process.env.NODE_ENV === "development",
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Build assets are immutable files served as is; everything else gets the headers.
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
