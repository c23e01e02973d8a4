import "server-only";
/**
 * OAuth 2.0 protocol errors. They are not AppErrors: RFC 6749 fixes their codes, their body
 * (`{error, error_description}`) and how they travel — JSON from the token and revocation
 * endpoints (§5.2, RFC 7009), query parameters on the redirect back to the client (§4.1.2.1).
 * This table is the only place an OAuth error code gets its token-endpoint status.
 */
export const OAUTH_ERROR_STATUS = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  // RFC 8707 §2: a `resource` this server issues no tokens for.
  invalid_target: 400,
  // RFC 7591 §3.2.2: a refused dynamic client registration.
  invalid_redirect_uri: 400,
  invalid_client_metadata: 400,
  // Authorization-endpoint errors: sent to the redirect_uri, never as a status.
  unsupported_response_type: 400,
  access_denied: 400,
  server_error: 500,
} as const;

export type OAuthErrorCode = keyof typeof OAUTH_ERROR_STATUS;

export class OAuthError extends Error {
  readonly status: number;
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.name = "OAuthError";
    this.status = OAUTH_ERROR_STATUS[error];
  }
}
