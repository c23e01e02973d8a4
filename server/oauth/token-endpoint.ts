import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { authenticateClient } from "./client-auth";
import { OAuthError } from "./errors";
import { revokeGrant } from "./grants";
import { oauthEndpoint, oauthJson, readParams } from "./http";
import { hashSecret } from "./secrets";
import { exchangeAuthorizationCode, refreshTokens } from "./token-grants";

/**
 * `POST /oauth/token` (RFC 6749 §3.2): form parameters, then the client, then the grant.
 * 200 with the token response, 400 `{error, error_description}`, 401 invalid_client.
 */
export function tokenEndpoint(db: DbOrTx, request: Request): Promise<Response> {
  return oauthEndpoint("token", async () => {
    const params = await readParams(request);
    const client = await authenticateClient(db, request.headers, params);
    const grantType = params.get("grant_type");
    if (grantType === undefined) throw new OAuthError("invalid_request", "grant_type is required");
    if (grantType === "authorization_code") return oauthJson(200, await exchangeAuthorizationCode(db, client, params));
    if (grantType === "refresh_token") return oauthJson(200, await refreshTokens(db, client, params));
    throw new OAuthError("unsupported_grant_type", "grant_type must be authorization_code or refresh_token");
  });
}

/**
 * `POST /oauth/revoke` (RFC 7009). A refresh token revokes its whole grant (every token of the
 * connection, §2.1's SHOULD); an access token stops alone. 200 with no body whether or not the
 * token was known — and for a token of another client, which is left untouched.
 */
export function revocationEndpoint(db: DbOrTx, request: Request): Promise<Response> {
  return oauthEndpoint("revoke", async () => {
    const params = await readParams(request);
    const client = await authenticateClient(db, request.headers, params);
    const token = params.get("token");
    if (token === undefined) throw new OAuthError("invalid_request", "token is required");
    const hash = hashSecret(token);
    // Both kinds are looked up: token_type_hint is only a hint (§2.1), and the prefixes never collide.
    await db.transaction(async (tx) => {
      const [refresh] = await tx.execute<{ grant_id: number }>(sql`
        select t.grant_id from oauth_tokens t join oauth_grants g on g.id = t.grant_id
        where t.refresh_token_hash = ${hash} and g.client_id = ${client.id}`);
      if (refresh) {
        await revokeGrant(tx, refresh.grant_id);
        return;
      }
      await tx.execute(sql`
        update oauth_tokens t set access_expires_at = least(t.access_expires_at, now())
        from oauth_grants g
        where g.id = t.grant_id and g.client_id = ${client.id} and t.access_token_hash = ${hash}`);
    });
    return oauthJson(200, undefined);
  });
}
