import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { preparedStatement } from "@/db/prepared";
import { admitHit, type TokenCheck } from "@/server/auth/api-token-auth";
import { asyncCommitSql, countHitSql } from "@/server/services/lib/rate-limit";
import { env } from "@/server/env";
import { AppError, MESSAGES } from "@/lib/errors";
import { scopesWithinRole } from "@/lib/scopes/mcp-scopes";
import type { OrganizationRole } from "@/lib/permissions";
import { mcpUrl } from "@/server/urls";
import { hashSecret } from "./secrets";

/**
 * OAuth access tokens of the MCP endpoint: issued for `resource` = its URL (RFC 8707), so a
 * connector token never passes here and an MCP token never passes the connector's check
 * (bearer.ts). A token works while it is unexpired, its grant stands and its user is a member;
 * its scopes are cut, at every call, to what the member's role allows now.
 */

type Row = {
  grant_id: number;
  client_id: number;
  organization_id: number;
  role: OrganizationRole;
  form_ids: number[] | null;
  scopes: string[];
};

const liveTokenSql = (hash: unknown, resource: unknown) => sql`
  select g.id as grant_id, g.client_id, g.organization_id, m.role, m.form_ids, t.scopes
  from oauth_tokens t
  join oauth_grants g on g.id = t.grant_id
  join memberships m on m.user_id = g.user_id and m.organization_id = g.organization_id
  where t.access_token_hash = ${hash} and t.access_expires_at > now() and g.revoked_at is null and g.resource = ${resource}`;

/** Whether the bearer is a live MCP access token: the endpoint's door, nothing counted. */
export async function isLiveMcpAccessToken(db: Db, token: string): Promise<boolean> {
  if (token.length > 512) return false;
  const rows = await db.execute(sql`${liveTokenSql(hashSecret(token), mcpUrl())} limit 1`);
  return rows.length > 0;
}

/** checkMcpAccessToken's statement, built once: the token, the member's role, the hit in the connection's window. */
const checkStatement = preparedStatement<Row & { count: number; reset_s: number }>(
  () => sql`
    with t as (${liveTokenSql(sql.placeholder("hash"), sql.placeholder("resource"))}),
    used as (
      update oauth_grants set last_used_at = now()
      where id = (select grant_id from t) and (last_used_at is null or last_used_at < now() - interval '1 minute')
    ), rl as (${countHitSql(sql`select 'mcp:' || t.grant_id as key from t`, sql.placeholder("windowS"))})
    select t.*, rl.count, rl.reset_s from t cross join rl cross join ${asyncCommitSql}`,
);

/**
 * One tool call's check, as an API token's (server/trpc.ts runs it in the v2 builders for the
 * MCP edge): 401 when the token stopped working, 429 past the API's rate limit (counted per
 * connection), else the principal with the scopes the role allows and the member's forms.
 */
export async function checkMcpAccessToken(db: Db, token: string): Promise<TokenCheck> {
  const { API_RATE_LIMIT_MAX: limit, API_RATE_LIMIT_WINDOW_S: windowS } = env();
  const [row] = await checkStatement(db, { hash: hashSecret(token), resource: mcpUrl(), windowS });
  if (!row) throw new AppError("UNAUTHORIZED", MESSAGES.tokenInvalid);
  const rateLimit = admitHit(limit, row.count, row.reset_s);
  const member = { role: row.role, formIds: row.form_ids };
  return {
    principal: {
      tokenId: row.grant_id,
      organizationId: row.organization_id,
      kind: "v2",
      formIds: row.form_ids,
      scopes: scopesWithinRole(member, row.scopes),
      oauthClientId: row.client_id,
    },
    rateLimit,
  };
}
