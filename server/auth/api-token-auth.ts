import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { env } from "@/server/env";
import type { FormAccess } from "@/server/services/forms/access";
import { AppError, MESSAGES } from "@/server/errors";
import { asyncCommitSql, countHitSql } from "./rate-limit";
import { hashToken, parseTokenKind, type TokenKind } from "@/server/services/tokens/token-format";

export type ApiPrincipal = {
  tokenId: number;
  organizationId: number;
  kind: TokenKind;
  /** v1: the token's form. */
  formId: number | null;
  /** v2: null = all forms of the organization. */
  allowedFormIds: number[] | null;
  scopes: string[];
};

/** What a token may see: v1 its one form, v2 its organization narrowed to its allowed forms. */
export function accessFromPrincipal(p: ApiPrincipal): FormAccess {
  if (p.kind === "v1") return { organizationId: p.organizationId, formIds: p.formId === null ? [] : [p.formId] };
  return { organizationId: p.organizationId, formIds: p.allowedFormIds };
}

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
  form_id: number | null;
  allowed_form_ids: number[] | null;
  scopes: string[];
  count: number;
  reset_s: number;
};

/**
 * Checks the `X-SERVICE-TOKEN` header for a surface and counts the request against the
 * token's rate limit — one database round trip: the token lookup, its usage counters and
 * the fixed-window counter (shared by every instance) are one statement, committed
 * asynchronously (asyncCommitSql: the counts stay exact; no WAL flush per request).
 * Throws the spec's 400/401/429 errors; returns the principal and rate-limit headers.
 */
export async function authenticateApiToken(
  db: Db,
  header: string | null,
  kind: TokenKind,
): Promise<{ principal: ApiPrincipal; rateLimit: RateLimitState }> {
  if (header === null || header.trim() === "") throw new AppError("BAD_REQUEST", MESSAGES.tokenMissing);
  const token = header.trim();
  const tokenKind = parseTokenKind(token);
  if (!tokenKind) throw new AppError("BAD_REQUEST", MESSAGES.tokenMalformed);
  // A well-formed token of the other API version is simply not valid here.
  if (tokenKind !== kind) throw new AppError("UNAUTHORIZED", MESSAGES.tokenInvalid);

  const { API_RATE_LIMIT_MAX: limit, API_RATE_LIMIT_WINDOW_S: windowS } = env();
  const rows = await db.execute<Row>(sql`
    with t as (
      update api_tokens set last_used_at = now(), usage_count = usage_count + 1
      where token_hash = ${hashToken(token)} and kind = ${kind} and revoked_at is null
      returning id, organization_id, kind, form_id, allowed_form_ids, scopes
    ), rl as (${countHitSql(sql`select 'api:' || t.id as key from t`, windowS)})
    select t.*, rl.count, rl.reset_s
    from t cross join rl cross join ${asyncCommitSql}`);
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
      formId: row.form_id,
      allowedFormIds: row.allowed_form_ids,
      scopes: row.scopes,
    },
    rateLimit,
  };
}
