import { NextResponse, type NextRequest } from "next/server";
import { refuseMalformedPath } from "@/server/http/malformed-url";

/**
 * Next.js's request hook: runs before routing. Each concern is one call into server/http/,
 * so more (e.g. security headers) can join without mixing.
 */
export function proxy(request: NextRequest) {
  return refuseMalformedPath(request.url) ?? NextResponse.next();
}
