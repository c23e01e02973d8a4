import "server-only";
import { db } from "@/db";
import { checkMcpAccessToken } from "@/server/oauth/mcp-bearer";
import { createCallerFactory, createContext } from "@/server/trpc";
import { mcpRouter } from "@/server/routers/mcp/router";
import { v2Router } from "@/server/routers/v2/router";
import type { McpCredential } from "./credential";

const v2Caller = createCallerFactory(v2Router);
const mcpCaller = createCallerFactory(mcpRouter);

/**
 * The procedures a tool calls, as the credential's v2 request would: a v2 token goes in
 * `X-SERVICE-TOKEN`, an OAuth token's check is handed to the builder (presetTokenCheck), so
 * the builder checks it, counts the call against the rate limit, applies its scopes and forms,
 * and audits as it. The request's own headers stay (client address, user agent) for the audit row.
 */
export function mcpCallers(credential: McpCredential, requestHeaders: Headers) {
  const headers = new Headers(requestHeaders);
  headers.delete("authorization");
  if (credential.kind === "api_token") headers.set("x-service-token", credential.token);
  const presetTokenCheck = credential.kind === "oauth" ? () => checkMcpAccessToken(db(), credential.token) : undefined;
  const ctx = () => createContext({ headers, surface: "v2", presetTokenCheck });
  return { v2: v2Caller(ctx), mcp: mcpCaller(ctx) };
}

export type McpCallers = ReturnType<typeof mcpCallers>;
