import "server-only";
import type { Db } from "@/db";
import { isLiveServiceToken } from "@/server/auth/api-token-auth";
import { isLiveMcpAccessToken } from "@/server/oauth/mcp-bearer";
import { parseTokenKind } from "@/server/services/tokens/token-format";
import { mcpResourceMetadataUrl } from "@/server/urls";

/** What an MCP request authenticates with: a v2 API token, or an OAuth access token issued for /mcp. */
export type McpCredential = { kind: "api_token" | "oauth"; token: string };

/**
 * The credential `Authorization: Bearer …` claims to be, by its form alone: a v2 token, or
 * anything else that is not another kind of Formhouse token (an OAuth access token has no prefix).
 * Null, and the endpoint answers 401, for a missing bearer or a token of another surface.
 */
export function mcpBearer(authorization: string | null): McpCredential | null {
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(authorization ?? "");
  const token = match?.[1];
  if (!token) return null;
  const kind = parseTokenKind(token);
  if (kind === "v2") return { kind: "api_token", token };
  return kind === null ? { kind: "oauth", token } : null;
}

/**
 * Whether the credential is live: a v2 token known and not revoked, or an unexpired MCP access
 * token whose grant stands. Nothing is counted here: each tool call's procedure checks and counts it.
 */
export function isLiveMcpCredential(db: Db, credential: McpCredential): Promise<boolean> {
  return credential.kind === "api_token" ? isLiveServiceToken(db, credential.token, "v2") : isLiveMcpAccessToken(db, credential.token);
}

/** The 401's challenge (RFC 9728 §5.1): where a client finds how to get a token. */
export const mcpChallenge = () => `Bearer realm="mcp", resource_metadata="${mcpResourceMetadataUrl()}"`;
