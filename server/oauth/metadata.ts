import "server-only";
import { CONNECTOR_SCOPES, V2_SCOPES } from "@/lib/scopes/token-scopes";
import { docsUrl, mcpUrl, oauthIssuer, oauthUrl } from "@/server/urls";

const CLIENT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"];

/** Authorization server metadata (RFC 8414), served at /.well-known/oauth-authorization-server. */
export function authorizationServerMetadata() {
  return {
    issuer: oauthIssuer(),
    authorization_endpoint: oauthUrl("authorize"),
    token_endpoint: oauthUrl("token"),
    revocation_endpoint: oauthUrl("revoke"),
    registration_endpoint: oauthUrl("register"),
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    token_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    revocation_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    code_challenge_methods_supported: ["S256"],
    // The connector's scopes, then the MCP endpoint's (the v2 token scopes; ask with resource=<the MCP URL>).
    scopes_supported: [...CONNECTOR_SCOPES, ...V2_SCOPES],
    service_documentation: docsUrl(),
    // Every authorization response carries `iss` (RFC 9207), the mix-up defence of RFC 9700 §4.4.
    authorization_response_iss_parameter_supported: true,
  };
}

/**
 * Protected-resource metadata of the MCP endpoint (RFC 9728), served at
 * /.well-known/oauth-protected-resource and its /mcp path form: which authorization server
 * issues its tokens and with which scopes.
 */
export function mcpResourceMetadata() {
  return {
    resource: mcpUrl(),
    authorization_servers: [oauthIssuer()],
    scopes_supported: [...V2_SCOPES],
    bearer_methods_supported: ["header"],
    resource_name: "Formhouse MCP server",
    resource_documentation: `${docsUrl()}#mcp`,
  };
}
