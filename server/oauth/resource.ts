import "server-only";
import { connectorBaseUrl, mcpUrl } from "@/server/urls";

/**
 * The resource a `resource` parameter names (RFC 8707): null for the connector (left out, or
 * the connector's URL), the MCP endpoint's URL for it, undefined for anything else. A grant keeps
 * it, so a token for one is refused by the other (server/oauth/bearer.ts, server/mcp/credential.ts).
 */
export function resourceOf(param: string | undefined): string | null | undefined {
  if (param === undefined || param === "") return null;
  const mcp = mcpUrl();
  if (param === mcp || param === `${mcp}/`) return mcp;
  if (param === connectorBaseUrl() || param === `${connectorBaseUrl()}/`) return null;
  return undefined;
}
