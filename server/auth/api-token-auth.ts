import "server-only";
import { sql, type Placeholder } from "drizzle-orm";
import type { Db } from "@/db";
import { preparedStatement } from "@/db/prepared";
import { env } from "@/server/env";
import type { FormAccess } from "@/server/services/forms/access";
import type { RidingCheck } from "@/server/services/submissions/query/first-page";
import { AppError, MESSAGES } from "@/lib/errors";
import { asyncCommitSql, countHitSql } from "@/server/services/lib/rate-limit";
import { hashToken, parseTokenKind, type TokenKind } from "@/server/services/tokens/token-format";

export type ApiPrincipal = {
  tokenId: number;
  organizationId: number;
  kind: TokenKind;
  /** The forms the token may see (tokenFormIdsSql); null = all forms of the organization. */
  formIds: number[] | null;
  scopes: string[];
  /** Set for an MCP OAuth access token: the client acting (the audit log's actor); tokenId is then its grant. */
  oauthClientId?: number;
};

/** What a token may see: its organization, narrowed to formIds. */
export function accessFromPrincipal(p: ApiPrincipal): FormAccess {
  return { organizationId: p.organizationId, formIds: p.formIds };
}

/**
 * The forms a token may see, over its `api_tokens` row: a v1 token its one form (none once the
 * form is gone), a v2 token its allowed forms, null = all of its organization. The only copy of
 * this rule: the check reads it (checkCtes), alone or riding in a read.
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

/** The check's row: the token's, with its hit's window. */
type CheckRow = {
  id: number;
  organization_id: number;
  kind: TokenKind;
  form_ids: number[] | null;
  scopes: string[];
  count: number;
  reset_s: number;
};

export type TokenCheck = { principal: ApiPrincipal; rateLimit: RateLimitState };

/**
 * The token of an `X-SERVICE-TOKEN` header for a surface, or a 400 (missing, malformed) or
 * 401 (a token of the other API version): the checks that need no database.
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
 * Throws the token errors every REST operation documents (400/401/429); returns the principal
 * and rate-limit headers.
 */
export async function authenticateApiToken(db: Db, header: string | null, kind: TokenKind): Promise<TokenCheck> {
  return checkServiceToken(db, serviceToken(header, kind), kind);
}

/**
 * The check as a statement's leading CTEs: `fh_token` counts the use of a valid token,
 * `fh_hit` its hit in the fixed window shared by every instance, and `fh_check` is their one
 * row (none for an unknown or revoked token). The statement commits asynchronously
 * (asyncCommitSql: the counts stay exact; no WAL flush per request).
 */
const checkCtes = (tokenHash: string | Placeholder, kind: TokenKind | Placeholder, windowS: number | Placeholder) => sql`
  fh_token as (
    update api_tokens set last_used_at = now(), usage_count = usage_count + 1
    where ${validTokenSql(tokenHash, kind)}
    returning id, organization_id, kind, ${tokenFormIdsSql} as form_ids, scopes
  ), fh_hit as (${countHitSql(sql`select 'api:' || fh_token.id as key from fh_token`, windowS)}),
  fh_check as (select fh_token.*, fh_hit.count, fh_hit.reset_s from fh_token cross join fh_hit cross join ${asyncCommitSql})`;

/** checkServiceToken's statement, built once (db/prepared.ts). */
const checkStatement = preparedStatement<CheckRow>(
  () => sql`with ${checkCtes(sql.placeholder("tokenHash"), sql.placeholder("kind"), sql.placeholder("windowS"))} select * from fh_check`,
);

/**
 * The rate-limit state after a counted hit (`count` in the window, `resetS` to its end); the
 * documented 429, with the headers and Retry-After, once the count is over `limit`. Every
 * credential's check (API tokens here, connector bearer tokens) answers its limit through this.
 */
export function admitHit(limit: number, count: number, resetS: number): RateLimitState {
  const rateLimit: RateLimitState = { limit, remaining: Math.max(0, limit - count), resetSeconds: Math.max(1, resetS) };
  if (count > limit) {
    throw new AppError("TOO_MANY_REQUESTS", MESSAGES.rateLimited, {
      headers: { ...rateLimitHeaders(rateLimit), "Retry-After": String(rateLimit.resetSeconds) },
    });
  }
  return rateLimit;
}

/** The check's answer from its row: 401 (unknown or revoked), 429, or the principal. */
function checkOutcome(row: CheckRow | undefined): TokenCheck {
  if (!row) throw new AppError("UNAUTHORIZED", MESSAGES.tokenInvalid);
  const rateLimit = admitHit(env().API_RATE_LIMIT_MAX, row.count, row.reset_s);
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
 * Checks a well-formed token (serviceToken) and counts the request against its rate limit —
 * one round trip: the token lookup, its usage counters and the fixed-window counter are one
 * prepared statement (checkCtes; db/prepared.ts). Throws 401 (unknown or revoked) or 429.
 */
export async function checkServiceToken(db: Db, token: string, kind: TokenKind): Promise<TokenCheck> {
  const [row] = await checkStatement(db, { tokenHash: hashToken(token), kind, windowS: env().API_RATE_LIMIT_WINDOW_S });
  return checkOutcome(row);
}

export type DeferredTokenCheck = {
  result: Promise<TokenCheck>;
  start: () => void;
  take: () => RidingCheck | null;
  finish: () => void;
};

/**
 * checkServiceToken for a read that may carry it (server/trpc.ts, apiTokenOverlappedProcedure):
 * `take` hands the check to the first statement that can run it within itself (RidingCheck,
 * one round trip for both), `start` runs it on its own unless taken; `result` is its answer
 * either way, and the hit is counted once. `finish`, once the read is over, starts a check
 * nobody took and fails one taken but never settled, so the answer never hangs.
 */
export function deferredTokenCheck(db: Db, token: string, kind: TokenKind): DeferredTokenCheck {
  let state: "waiting" | "started" | "taken" | "settled" = "waiting";
  let answer!: (row: CheckRow | undefined) => void;
  let fail!: (error: unknown) => void;
  const result = new Promise<TokenCheck>((resolve, reject) => {
    answer = (row) => resolve(checkOutcome(row));
    fail = reject;
  });
  const settle = (f: () => void) => {
    if (state === "settled") return;
    state = "settled";
    try {
      f();
    } catch (e) {
      fail(e);
    }
  };
  const tokenHash = hashToken(token);
  const start = () => {
    if (state !== "waiting") return;
    state = "started";
    checkStatement(db, { tokenHash, kind, windowS: env().API_RATE_LIMIT_WINDOW_S }).then(
      ([row]) => settle(() => answer(row)),
      (e: unknown) => settle(() => fail(e)),
    );
  };
  return {
    result,
    start,
    take: () => {
      if (state !== "waiting") return null;
      state = "taken";
      return {
        ctes: checkCtes(tokenHash, kind, env().API_RATE_LIMIT_WINDOW_S),
        column: sql`(select to_json(fh_check) from fh_check) as fh_check`,
        tenantSql: sql`select organization_id, form_ids from fh_check`,
        settle: (value) => settle(() => answer((value ?? undefined) as CheckRow | undefined)),
        fail: (error) => settle(() => fail(error)),
      };
    },
    finish: () => {
      if (state === "taken") settle(() => fail(new Error("the statement that took the token check did not run it")));
      start();
    },
  };
}

/**
 * Whether a well-formed token (serviceToken) is known and not revoked, without counting a use or
 * a hit: the MCP endpoint's door (server/mcp/credential.ts). Its tools call the API's procedures,
 * whose own check counts each call against the rate limit as a REST request does.
 */
export async function isLiveServiceToken(db: Db, token: string, kind: TokenKind): Promise<boolean> {
  const rows = await db.execute(sql`select 1 from api_tokens where ${validTokenSql(hashToken(token), kind)} limit 1`);
  return rows.length > 0;
}
