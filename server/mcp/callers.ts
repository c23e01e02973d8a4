import "server-only";
import { createCallerFactory, createContext } from "@/server/trpc";
import { mcpRouter } from "@/server/routers/mcp/router";
import { v2Router } from "@/server/routers/v2/router";

const v2Caller = createCallerFactory(v2Router);
const mcpCaller = createCallerFactory(mcpRouter);

/**
 * The procedures a tool calls, as the token's v2 request would: a context whose
 * `X-SERVICE-TOKEN` is the bearer token, so the builder checks it, counts the call against its
 * rate limit, applies its scopes and forms, and audits as it. The request's own headers stay
 * (client address, user agent) for the audit row.
 */
export function mcpCallers(token: string, requestHeaders: Headers) {
  const headers = new Headers(requestHeaders);
  headers.delete("authorization");
  headers.set("x-service-token", token);
  const ctx = () => createContext({ headers, surface: "v2" });
  return { v2: v2Caller(ctx), mcp: mcpCaller(ctx) };
}

export type McpCallers = ReturnType<typeof mcpCallers>;
