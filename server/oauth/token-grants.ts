import "server-only";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { oauthAuthorizationCodes, oauthGrants, type OauthClient } from "@/db/schema";
import { env } from "@/server/env";
import { OAuthError } from "./errors";
import { createGrant, issueTokenPair, revokeGrant, type TokenPair } from "./grants";
import { CODE_VERIFIER_RE, verifyCodeVerifier } from "./pkce";
import { formatScopes, parseScopeParam } from "@/lib/scopes/connector-scopes";
import { parseMcpScopeParam } from "@/lib/scopes/mcp-scopes";
import { hashSecret } from "./secrets";
import { resourceOf } from "./resource";

/**
 * A token request's `resource` (RFC 8707 §2.2) against the grant's: left out, or the same
 * resource; anything else is invalid_target, so a connector grant never mints an MCP token or back.
 */
function checkResource(params: Map<string, string>, granted: string | null): void {
  if (!params.has("resource")) return;
  const asked = resourceOf(params.get("resource"));
  if (asked !== granted) throw new OAuthError("invalid_target", "resource does not match the authorization request");
}

/** The successful token response (RFC 6749 §5.1). */
export type TokenResponse = { access_token: string; token_type: "Bearer"; expires_in: number; refresh_token: string; scope: string };

const tokenResponse = (p: TokenPair): TokenResponse => ({
  access_token: p.accessToken,
  token_type: "Bearer",
  expires_in: p.expiresIn,
  refresh_token: p.refreshToken,
  scope: formatScopes(p.scopes),
});

/** A transaction's verdict: tokens, or the invalid_grant to answer once what it did is committed. */
type Outcome = { pair: TokenPair } | { invalidGrant: string };

function settle(outcome: Outcome): TokenResponse {
  if ("invalidGrant" in outcome) throw new OAuthError("invalid_grant", outcome.invalidGrant);
  return tokenResponse(outcome.pair);
}

function required(params: Map<string, string>, name: string): string {
  const value = params.get(name);
  if (value === undefined) throw new OAuthError("invalid_request", `${name} is required`);
  return value;
}

/**
 * `grant_type=authorization_code` (RFC 6749 §4.1.3, RFC 7636 §4.6). The code is single-use:
 * a second use is invalid_grant and revokes the grant the first use created (§4.1.2), as the
 * code has evidently leaked. A code sent without the PKCE challenge it was issued with, or a
 * verifier for a code issued without one (a downgrade, RFC 9700 §2.1.1), is refused.
 */
export async function exchangeAuthorizationCode(db: DbOrTx, client: OauthClient, params: Map<string, string>): Promise<TokenResponse> {
  const code = required(params, "code");
  const redirectUri = params.get("redirect_uri");
  const verifier = params.get("code_verifier");
  if (verifier !== undefined && !CODE_VERIFIER_RE.test(verifier)) {
    throw new OAuthError("invalid_request", "code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, -, ., _ and ~");
  }

  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    // The row lock makes two concurrent exchanges of one code take turns: the second sees it used.
    const [row] = await tx
      .select({ code: oauthAuthorizationCodes, expired: sql<boolean>`${oauthAuthorizationCodes.expiresAt} <= now()` })
      .from(oauthAuthorizationCodes)
      .where(eq(oauthAuthorizationCodes.codeHash, hashSecret(code)))
      .for("update");
    if (!row || row.code.clientId !== client.id) return { invalidGrant: "The authorization code is invalid" };
    const { code: stored, expired } = row;
    if (stored.usedAt) {
      if (stored.grantId !== null) await revokeGrant(tx, stored.grantId);
      return { invalidGrant: "The authorization code was already used; the tokens issued for it are revoked" };
    }
    if (expired) return { invalidGrant: "The authorization code has expired" };
    checkResource(params, stored.resource);
    const redirectMatches = redirectUri === undefined ? !stored.redirectUriSent : redirectUri === stored.redirectUri;
    if (!redirectMatches) return { invalidGrant: "redirect_uri does not match the one of the authorization request" };
    if (stored.codeChallenge !== null) {
      if (verifier === undefined) return { invalidGrant: "code_verifier is required: the authorization request sent a code_challenge" };
      if (!verifyCodeVerifier(stored.codeChallenge, verifier)) return { invalidGrant: "code_verifier does not match the code_challenge" };
    } else if (verifier !== undefined) {
      return { invalidGrant: "code_verifier was sent, but the authorization request had no code_challenge" };
    }

    const grantId = await createGrant(tx, {
      clientId: client.id,
      userId: stored.userId,
      organizationId: stored.organizationId,
      scopes: stored.scopes,
      resource: stored.resource,
    });
    await tx
      .update(oauthAuthorizationCodes)
      .set({ usedAt: sql`now()`, grantId })
      .where(eq(oauthAuthorizationCodes.codeHash, stored.codeHash));
    return { pair: await issueTokenPair(tx, grantId, stored.scopes) };
  });
  return settle(outcome);
}

type RefreshRow = {
  token_id: number;
  grant_id: number;
  client_id: number;
  grant_scopes: string[];
  resource: string | null;
  revoked: boolean;
  /** Rotated longer ago than the grace window: this is a replay. */
  replayed: boolean;
  member: boolean;
};

/** Rotated pairs are kept this long to recognise a replayed refresh token, then dropped. */
const KEEP_ROTATED_DAYS = 30;

/**
 * `grant_type=refresh_token` (RFC 6749 §6) with rotation (RFC 9700 §4.14.2). Each refresh
 * answers a new pair. The refresh token used keeps working for OAUTH_REFRESH_GRACE_S (60 s):
 * two refreshes racing (Zapier after a 401, Make before expiry, a retried request) each get a
 * working pair of their own, and neither revokes the other. Used again after that, it is a
 * replay: invalid_grant, and the whole grant is revoked.
 */
export async function refreshTokens(db: DbOrTx, client: OauthClient, params: Map<string, string>): Promise<TokenResponse> {
  const refreshToken = required(params, "refresh_token");
  // Connector scopes are read here; an MCP grant's (the v2 token scopes) once its grant is known.
  const rawScope = params.get("scope");
  const connectorScope = params.has("scope") ? parseScopeParam(rawScope) : null;
  const anyScope = params.has("scope") ? parseMcpScopeParam(rawScope) : null;
  if (connectorScope && !connectorScope.ok && !anyScope?.ok) {
    throw new OAuthError("invalid_scope", `Unknown scope: ${connectorScope.unknown.join(", ")}`);
  }
  const grace = env().OAUTH_REFRESH_GRACE_S;

  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    // Locking the pair serialises racers: the second sees the first's rotated_at.
    const [row] = await tx.execute<RefreshRow>(sql`
      select t.id as token_id, g.id as grant_id, g.client_id, g.scopes as grant_scopes, g.resource,
        g.revoked_at is not null as revoked,
        coalesce(t.rotated_at <= now() - make_interval(secs => ${grace}), false) as replayed,
        exists (select 1 from memberships m where m.user_id = g.user_id and m.organization_id = g.organization_id) as member
      from oauth_tokens t join oauth_grants g on g.id = t.grant_id
      where t.refresh_token_hash = ${hashSecret(refreshToken)}
      for update of t`);
    if (!row || row.client_id !== client.id || row.revoked) return { invalidGrant: "The refresh token is invalid or revoked" };
    if (row.replayed) {
      await revokeGrant(tx, row.grant_id);
      return { invalidGrant: "The refresh token was already used; the connection is revoked" };
    }
    if (!row.member) {
      await revokeGrant(tx, row.grant_id);
      return { invalidGrant: "The user is no longer a member of the organization; the connection is revoked" };
    }
    checkResource(params, row.resource);
    const requested = row.resource === null ? connectorScope : anyScope;
    if (requested && !requested.ok) throw new OAuthError("invalid_scope", `Unknown scope: ${requested.unknown.join(", ")}`);
    const scopes: string[] = requested?.ok ? requested.scopes : row.grant_scopes;
    const beyond = scopes.filter((s) => !row.grant_scopes.includes(s));
    if (beyond.length) throw new OAuthError("invalid_scope", `Not granted: ${beyond.join(", ")}`);

    await tx.execute(sql`update oauth_tokens set rotated_at = coalesce(rotated_at, now()) where id = ${row.token_id}`);
    await tx
      .update(oauthGrants)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(oauthGrants.id, row.grant_id));
    await tx.execute(
      sql`delete from oauth_tokens where grant_id = ${row.grant_id} and rotated_at < now() - make_interval(days => ${KEEP_ROTATED_DAYS})`,
    );
    return { pair: await issueTokenPair(tx, row.grant_id, scopes) };
  });
  return settle(outcome);
}
