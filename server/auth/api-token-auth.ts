import { sql, type Placeholder } from "drizzle-orm";
import type { Db } from "@/db";
import { preparedStatement } from "@/db/prepared";
import { env } from "@/server/env";
import type { DeferredAccess, FormAccess } from "@/server/services/forms/access";
import { AppError, MESSAGES } from "@/server/errors";
import { asyncCommitSql, countHitSql } from "./rate-limit";
import { hashToken, parseTokenKind, type TokenKind } from "@/server/services/tokens/token-format";

export type ApiPrincipal = {
  tokenId: number;
  organizationId: number;
  kind: TokenKind;
  /** The forms the token may see (tokenFormIdsSql); null = all forms of the organization. */
  formIds: number[] | null;
  scopes: string[];
};

/** What a token may see: its organization, narrowed to formIds. */
export function accessFromPrincipal(p: ApiPrincipal): FormAccess {
  return { organizationId: p.organizationId, formIds: p.formIds };
}

/**
 * The forms a token may see, over its `api_tokens` row: a v1 token its one form (none once the
 * form is gone), a v2 token its allowed forms, null = all of its organization. The only copy of
 * this rule: the check (authenticateApiToken) and a read overlapped with it (deferredTokenAccess)
 * both read it.
 */
const tokenFormIdsSql = sql`case when kind = 'v1' then array_remove(array[form_id], null) else allowed_form_ids end`;

/** The token's row when it is valid for `kind` (known and not revoked): by its hash, or placeholders. */
const validTokenSql = (tokenHash: string | Placeholder, kind: TokenKind | Placeholder) =>
  sql`token_hash = ${tokenHash} and kind = ${kind} and revoked_at is null`;

export type RateLimitState = { limit: number; remaining: number; resetSeconds: number };

export function rateLimitHeaders(rl: RateLimitState): Record<string, string> {
  return {
    "RateLimit-Limit": String(rl.limit),
    "RateLimit-Remaining": String(rl.remaining),
    "RateLimit-Reset": String(rl.resetSeconds),
    "X-RateLimit-Limit": String(rl.limit),
    "X-RateLimit-Remaining": String(rl.remaining),
    "X-RateLimit-Reset": String(rl.resetSeconds),
  };
}

type Row = {
  id: number;
  organization_id: number;
  kind: TokenKind;
  form_ids: number[] | null;
  scopes: string[];
  count: number;
  reset_s: number;
};

/**
 * The token of an `X-SERVICE-TOKEN` header for a surface, or the spec's 400 (missing,
 * malformed) or 401 (a token of the other API version): checks that need no database.
 */
export function serviceToken(header: string | null, kind: TokenKind): string {
  if (header === null || header.trim() === "") throw new AppError("BAD_REQUEST", MESSAGES.tokenMissing);
  const token = header.trim();
  const tokenKind = parseTokenKind(token);
  if (!tokenKind) throw new AppError("BAD_REQUEST", MESSAGES.tokenMalformed);
  // A well-formed token of the other API version is simply not valid here.
  if (tokenKind !== kind) throw new AppError("UNAUTHORIZED", MESSAGES.tokenInvalid);
  return token;
}

/**
 * Checks the `X-SERVICE-TOKEN` header for a surface and counts the request against the
 * token's rate limit: serviceToken, then checkServiceToken.
 * Throws the spec's 400/401/429 errors; returns the principal and rate-limit headers.
 */
export async function authenticateApiToken(
  db: Db,
  header: string | null,
  kind: TokenKind,
): Promise<{ principal: ApiPrincipal; rateLimit: RateLimitState }> {
  return checkServiceToken(db, serviceToken(header, kind), kind);
}

/** checkServiceToken's statement, built once (db/prepared.ts). */
const checkStatement = preparedStatement<Row>(() => {
  const [tokenHash, kind, windowS] = [sql.placeholder("tokenHash"), sql.placeholder("kind"), sql.placeholder("windowS")];
  return sql`
    with t as (
      update api_tokens set last_used_at = now(), usage_count = usage_count + 1
      where ${validTokenSql(tokenHash, kind)}
      returning id, organization_id, kind, ${tokenFormIdsSql} as form_ids, scopes
    ), rl as (${countHitSql(sql`select 'api:' || t.id as key from t`, windowS)})
    select t.*, rl.count, rl.reset_s
    from t cross join rl cross join ${asyncCommitSql}`;
});

/**
 * Checks a well-formed token (serviceToken) and counts the request against its rate limit —
 * one database round trip: the token lookup, its usage counters and the fixed-window counter
 * (shared by every instance) are one prepared statement (db/prepared.ts), committed
 * asynchronously (asyncCommitSql: the counts stay exact; no WAL flush per request).
 * Throws 401 (unknown or revoked) or 429.
 */
export async function checkServiceToken(db: Db, token: string, kind: TokenKind): Promise<{ principal: ApiPrincipal; rateLimit: RateLimitState }> {
  const { API_RATE_LIMIT_MAX: limit, API_RATE_LIMIT_WINDOW_S: windowS } = env();
  const rows = await checkStatement(db, { tokenHash: hashToken(token), kind, windowS });
  const row = rows[0];
  if (!row) throw new AppError("UNAUTHORIZED", MESSAGES.tokenInvalid);

  const rateLimit: RateLimitState = {
    limit,
    remaining: Math.max(0, limit - row.count),
    resetSeconds: Math.max(1, row.reset_s),
  };
  if (row.count > limit) {
    throw new AppError("TOO_MANY_REQUESTS", MESSAGES.rateLimited, {
      headers: { ...rateLimitHeaders(rateLimit), "Retry-After": String(rateLimit.resetSeconds) },
    });
  }
  return {
    principal: {
      tokenId: row.id,
      organizationId: row.organization_id,
      kind: row.kind,
      formIds: row.form_ids,
      scopes: row.scopes,
    },
    rateLimit,
  };
}

/**
 * The access of a token as the database sees it, for a read that runs while checkServiceToken
 * runs (server/trpc.ts, apiTokenOverlappedProcedure): the same validity and the same forms,
 * read in the read's own statement. `settled` is the checked access.
 */
export function deferredTokenAccess(token: string, kind: TokenKind, settled: Promise<FormAccess>): DeferredAccess {
  return {
    tenantSql: sql`select organization_id, ${tokenFormIdsSql} as form_ids from api_tokens where ${validTokenSql(hashToken(token), kind)}`,
    settled,
  };
}
