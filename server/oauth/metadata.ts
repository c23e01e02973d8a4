import "server-only";
import { CONNECTOR_SCOPES } from "@/lib/scopes/token-scopes";
import { docsUrl, oauthIssuer, oauthUrl } from "@/server/urls";

const CLIENT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"];

/** Authorization server metadata (RFC 8414), served at /.well-known/oauth-authorization-server. */
export function authorizationServerMetadata() {
  return {
    issuer: oauthIssuer(),
    authorization_endpoint: oauthUrl("authorize"),
    token_endpoint: oauthUrl("token"),
    revocation_endpoint: oauthUrl("revoke"),
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    token_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    revocation_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    code_challenge_methods_supported: ["S256"],
    scopes_supported: [...CONNECTOR_SCOPES],
    service_documentation: docsUrl(),
    // Every authorization response carries `iss` (RFC 9207), the mix-up defence of RFC 9700 §4.4.
    authorization_response_iss_parameter_supported: true,
  };
}
