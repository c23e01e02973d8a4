import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { NextRequest } from "next/server";
import { getSessionUserFromRequest } from "@/server/auth/next-auth";
import { env } from "@/server/env";
import { crossSiteRefusal } from "@/server/http/same-origin";
import { log, logError } from "@/server/log";
import { appRouter } from "@/server/routers/app/router";
import { createContext } from "@/server/trpc";
import type { SessionUser } from "@/server/services/users/session-user";

export const dynamic = "force-dynamic";

function handle(req: NextRequest) {
  // One JWT decode per request, however many procedures a batch holds.
  let session: Promise<SessionUser | null> | undefined;
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => {
      // Mutations are POSTs: refused unless they come from the app's own pages (tRPC answers
      // each call of a batch with this error, in its usual shape).
      const refusal = req.method === "POST" ? crossSiteRefusal(req.headers, env().APP_URL) : null;
      if (refusal) {
        log.warn("cross-site request refused", { path: req.nextUrl.pathname });
        throw new TRPCError({ code: "FORBIDDEN", message: refusal });
      }
      return createContext({ headers: req.headers, surface: "trpc", getSession: () => (session ??= getSessionUserFromRequest(req)) });
    },
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") logError("trpc request failed", error.cause ?? error, { path });
    },
  });
}

export { handle as GET, handle as POST };
