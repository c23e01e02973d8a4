"use client";

import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { AppRouter } from "@/server/routers/app/router";

/** `useTRPC()` gives `trpc.forms.list.queryOptions(…)` etc. for @tanstack/react-query hooks. */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();
