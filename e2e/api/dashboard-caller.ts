import { appRouter } from "../../server/routers/app/router";
import { createCallerFactory, createContext } from "../../server/trpc";

const createCaller = createCallerFactory(appRouter);

/**
 * The dashboard's procedures called in-process as a signed-in member (null: signed out), through
 * the same context the route builds, for specs that test services and their errors rather than
 * HTTP (trpc-client.ts has the HTTP side).
 */
export const dashboardCaller = (session: { userId: number; organizationId: number; email: string } | null, sessionId?: string) =>
  createCaller(
    createContext({
      headers: new Headers(),
      surface: "trpc",
      getSession: async () => (session ? { ...session, name: "Test", sessionId } : null),
    }),
  );
