import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { preparedStatement } from "@/db/prepared";
import { admitHit, type RateLimitState } from "@/server/auth/api-token-auth";
import { asyncCommitSql, countHitSql } from "@/server/services/lib/rate-limit";
import { env } from "@/server/env";
import { AppError, MESSAGES } from "@/lib/errors";
import { hashSecret } from "./secrets";

/** Who a connector request acts for: the grant behind its access token. */
export type ConnectorGrant = {
  grantId: number;
  tokenId: number;
  clientId: number;
  userId: number;
  organizationId: number;
  /** The forms the grant's user is limited to in the organization (lib/permissions.ts); null: every form. */
  formIds: number[] | null;
  scopes: string[];
};

const REALM = 'realm="Formhouse connector"';

/** RFC 6750 §3: the challenge of a 401 (no or bad token) or a 403 (insufficient scope). */
function challenge(params: Record<string, string> = {}): Record<string, string> {
  const attrs = [REALM, ...Object.entries(params).map(([k, v]) => `${k}="${v}"`)];
  return { "WWW-Authenticate": `Bearer ${attrs.join(", ")}` };
}

/** 403 for a valid token without `scope`. */
export const insufficientScope = (scope: string) =>
  new AppError("FORBIDDEN", MESSAGES.connectorScope(scope), { headers: challenge({ error: "insufficient_scope", scope }) });

const BEARER_RE = /^bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i;

type Row = ConnectorGrant & { count: number; reset_s: number };

/** authenticateBearer's statement, built once (db/prepared.ts). */
const bearerStatement = preparedStatement<Row>(
  () => sql`
    with t as (
      select t.id as "tokenId", t.scopes, g.id as "grantId", g.client_id as "clientId", g.user_id as "userId",
        g.organization_id as "organizationId", m.form_ids as "formIds"
      from oauth_tokens t
      join oauth_grants g on g.id = t.grant_id
      join memberships m on m.user_id = g.user_id and m.organization_id = g.organization_id
      where t.access_token_hash = ${sql.placeholder("accessTokenHash")} and t.access_expires_at > now() and g.revoked_at is null
        and g.resource is null -- a token for the MCP endpoint (RFC 8707) is not the connector's
    ), used as (
      -- "Last used" for Connected apps; written at most once a minute per grant.
      update oauth_grants set last_used_at = now()
      where id = (select "grantId" from t) and (last_used_at is null or last_used_at < now() - interval '1 minute')
    ), rl as (${countHitSql(sql`select 'connector:' || t."grantId" as key from t`, sql.placeholder("windowS"))})
    select t.*, rl.count, rl.reset_s from t cross join rl cross join ${asyncCommitSql}`,
);

/**
 * Authenticates `Authorization: Bearer <access token>` and counts the request against the
 * connection's rate limit, in one prepared statement (db/prepared.ts). A token works while it
 * is unexpired, its grant is not revoked and its user is still a member of the grant's
 * organization; it reaches the forms the member does. The limit is kept per grant, so the fresh access token of a refresh does not
 * reset it.
 * Throws 401 (with `WWW-Authenticate: Bearer`) or 429 (with `Retry-After`).
 */
export async function authenticateBearer(db: Db, header: string | null): Promise<{ grant: ConnectorGrant; rateLimit: RateLimitState }> {
  if (header === null || header.trim() === "") {
    throw new AppError("UNAUTHORIZED", MESSAGES.connectorTokenMissing, { headers: challenge() });
  }
  const invalid = () =>
    new AppError("UNAUTHORIZED", MESSAGES.connectorTokenInvalid, {
      headers: challenge({ error: "invalid_token", error_description: "The access token is invalid, expired or revoked" }),
    });
  const m = BEARER_RE.exec(header);
  if (!m) throw invalid();

  const { CONNECTOR_RATE_LIMIT_MAX: limit, CONNECTOR_RATE_LIMIT_WINDOW_S: windowS } = env();
  const [row] = await bearerStatement(db, { accessTokenHash: hashSecret(m[1]!), windowS });
  if (!row) throw invalid();

  const rateLimit = admitHit(limit, row.count, row.reset_s);
  const { count: _count, reset_s: _reset, ...grant } = row;
  return { grant, rateLimit };
}
