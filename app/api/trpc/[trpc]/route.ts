import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { NextRequest } from "next/server";
import { getSessionUserFromRequest } from "@/server/auth/next-auth";
import { logError } from "@/server/log";
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
    createContext: () =>
      createContext({ headers: req.headers, surface: "trpc", getSession: () => (session ??= getSessionUserFromRequest(req)) }),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") logError("trpc request failed", error.cause ?? error, { path });
    },
  });
}

export { handle as GET, handle as POST };
