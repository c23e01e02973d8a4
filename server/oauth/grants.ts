import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { oauthGrants, oauthTokens } from "@/db/schema";
import { env } from "@/server/env";
import { deleteGrantSubscriptions } from "@/server/webhooks/manage/subscriptions";
import { hashSecret, newSecret } from "./secrets";

export type TokenPair = { accessToken: string; refreshToken: string; expiresIn: number; scopes: string[] };

/** A new connection: `user` allowed `client` to act for `organization` with `scopes`. */
export async function createGrant(
  tx: DbOrTx,
  input: { clientId: number; userId: number; organizationId: number; scopes: string[]; resource?: string | null },
): Promise<number> {
  const [grant] = await tx
    .insert(oauthGrants)
    .values({ ...input, lastUsedAt: sql`now()` })
    .returning({ id: oauthGrants.id });
  return grant!.id;
}

/**
 * Mints an access + refresh token pair for a grant. The values are returned once, here; only
 * their hashes are stored. The access token's expiry follows the database clock, like every check.
 */
export async function issueTokenPair(tx: DbOrTx, grantId: number, scopes: readonly string[]): Promise<TokenPair> {
  const ttl = env().OAUTH_ACCESS_TOKEN_TTL_S;
  const accessToken = newSecret("accessToken");
  const refreshToken = newSecret("refreshToken");
  await tx.insert(oauthTokens).values({
    grantId,
    scopes: [...scopes],
    accessTokenHash: hashSecret(accessToken),
    refreshTokenHash: hashSecret(refreshToken),
    accessExpiresAt: sql`now() + make_interval(secs => ${ttl})`,
  });
  return { accessToken, refreshToken, expiresIn: ttl, scopes: [...scopes] };
}

/**
 * Ends a connection: every access and refresh token of the grant stops at once (both checks
 * read `revoked_at`). This is the one place a grant ends — a reused code or refresh token,
 * RFC 7009 revocation, the dashboard's Connected apps — so whatever a connection created
 * (connector webhook subscriptions, which record their grant) is to be stopped here too.
 * Call it inside the caller's transaction. False when the grant was already revoked.
 */
export async function revokeGrant(tx: DbOrTx, grantId: number): Promise<boolean> {
  const revoked = await tx
    .update(oauthGrants)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt)))
    .returning({ id: oauthGrants.id });
  if (revoked.length > 0) await deleteGrantSubscriptions(tx, grantId);
  return revoked.length > 0;
}
