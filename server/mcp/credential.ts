import "server-only";
import type { Db } from "@/db";
import { isLiveServiceToken } from "@/server/auth/api-token-auth";
import { isLiveMcpAccessToken } from "@/server/oauth/mcp-bearer";
import { parseTokenKind } from "@/server/services/tokens/token-format";
import { mcpResourceMetadataUrl } from "@/server/urls";

/** What an MCP request authenticates with: a v2 API token, or an OAuth access token issued for /mcp. */
export type McpCredential = { kind: "api_token" | "oauth"; token: string };

/**
 * The credential of `Authorization: Bearer …` when it is live (a v2 token known and not
 * revoked, or an unexpired MCP access token whose grant stands); null otherwise, and the
 * endpoint answers 401. Nothing is counted here: each tool call's procedure checks and counts it.
 */
export async function mcpCredential(db: Db, authorization: string | null): Promise<McpCredential | null> {
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(authorization ?? "");
  const token = match?.[1];
  if (!token) return null;
  const kind = parseTokenKind(token);
  if (kind === "v2") return (await isLiveServiceToken(db, token, "v2")) ? { kind: "api_token", token } : null;
  if (kind !== null) return null;
  return (await isLiveMcpAccessToken(db, token)) ? { kind: "oauth", token } : null;
}

/** The 401's challenge (RFC 9728 §5.1): where a client finds how to get a token. */
export const mcpChallenge = () => `Bearer realm="mcp", resource_metadata="${mcpResourceMetadataUrl()}"`;
