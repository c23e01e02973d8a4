"use client";

import { SIGN_IN_PATH } from "@/lib/app-paths";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import type { Session } from "next-auth";
import { SessionProvider } from "next-auth/react";
import { useState, type ReactNode } from "react";
import type { AppRouter } from "@/server/routers/app/router";
import { TRPCProvider } from "./client";
import { isUnauthorized } from "./errors";

/** A session that ended (expired, signed out in another tab) sends the user to sign in. */
function onAuthError(error: unknown) {
  if (isUnauthorized(error) && typeof window !== "undefined" && window.location.pathname !== SIGN_IN_PATH) {
    window.location.assign(SIGN_IN_PATH);
  }
}

function makeQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onAuthError }),
    mutationCache: new MutationCache({ onError: onAuthError }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        // 4xx answers will not change on retry; network blips and 5xx get two more tries.
        retry: (count, error) => {
          const status = (error as { data?: { httpStatus?: number } }).data?.httpStatus;
          return !(status && status < 500) && count < 2;
        },
      },
    },
  });
}

/**
 * Client-side plumbing for the dashboard and the auth pages: react-query, the tRPC client
 * and next-auth's SessionProvider. One QueryClient per browser tab; a sign-in or sign-out is
 * a full page load, so one user's cache never serves another.
 */
export function Providers({ children, session }: { children: ReactNode; session: Session | null }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() => createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: "/api/trpc" })] }));
  return (
    <SessionProvider session={session}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    </SessionProvider>
  );
}
