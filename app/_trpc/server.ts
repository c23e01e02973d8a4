import { headers } from "next/headers";
import { getSessionUser } from "@/server/auth/next-auth";
import { appRouter } from "@/server/routers/app/router";
import { createCallerFactory, createContext } from "@/server/trpc";
import type { SessionUser } from "@/server/services/users/session-user";

const createCaller = createCallerFactory(appRouter);

/**
 * Calls dashboard procedures from server components, as the request's signed-in user.
 * Pass `session` when the caller already has it (saves decoding the cookie twice).
 */
export async function serverCaller(session?: SessionUser | null) {
  const h = new Headers(await headers());
  return createCaller(
    createContext({ headers: h, surface: "trpc", getSession: session === undefined ? getSessionUser : async () => session }),
  );
}
