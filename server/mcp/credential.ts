import "server-only";
import type { Db } from "@/db";
import { isLiveServiceToken } from "@/server/auth/api-token-auth";
import { parseTokenKind } from "@/server/services/tokens/token-format";

/**
 * The v2 token of an MCP request (`Authorization: Bearer fh_v2_…`) when it is known and not
 * revoked; null otherwise (the endpoint answers 401). Nothing is counted here: each tool call
 * runs the API's own procedures, whose token check counts it against the rate limit and applies
 * the token's scopes and forms.
 */
export async function mcpBearerToken(db: Db, authorization: string | null): Promise<string | null> {
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(authorization ?? "");
  const token = match?.[1];
  if (!token || parseTokenKind(token) !== "v2") return null;
  return (await isLiveServiceToken(db, token, "v2")) ? token : null;
}
