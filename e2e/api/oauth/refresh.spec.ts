import { and, eq, sql } from "drizzle-orm";
import { memberships, oauthGrants, oauthTokens } from "../../../db/schema";
import { hashSecret } from "../../../server/oauth/secrets";
import type { Db } from "../../../db";
import { expect, test } from "../../fixtures";
import { connectNewUser, connectorGet, postForm, refresh, registerClient, postRefresh } from "../../oauth";

/**
 * Refresh-token rotation on the suite's server, which runs the default 60-second grace window.
 * Time passing is simulated by moving the stored timestamps back: the server compares them
 * with the database clock, so this is what the server would see after the wait.
 */
test.describe("POST /oauth/token: refresh_token", () => {
  const rotatedAt = async (db: Db, refreshToken: string) =>
    (
      await db
        .select({ at: oauthTokens.rotatedAt })
        .from(oauthTokens)
        .where(eq(oauthTokens.refreshTokenHash, hashSecret(refreshToken)))
    )[0]?.at;

  /** Moves a refresh token's rotation `seconds` into the past. */
  const rotatedSecondsAgo = (db: Db, refreshToken: string, seconds: number) =>
    db
      .update(oauthTokens)
      .set({ rotatedAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(oauthTokens.refreshTokenHash, hashSecret(refreshToken)));

  test("each refresh answers a new pair and rotates the refresh token; the old access token lives on until it expires", async ({
    request,
    seed,
    baseURL,
  }) => {
    const { client, as, tokens } = await connectNewUser(request, seed, baseURL!);
    const next = await refresh(as, client, tokens.refresh_token!);
    expect(next).toMatchObject({ token_type: "bearer", expires_in: 3600, scope: "profile:read forms:read submission:read" });
    expect(next.access_token).not.toBe(tokens.access_token);
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(await rotatedAt(seed.db, tokens.refresh_token!)).not.toBeNull();
    expect(await rotatedAt(seed.db, next.refresh_token!)).toBeNull();
    expect((await connectorGet(request, "/user", next.access_token)).status).toBe(200);
    expect((await connectorGet(request, "/user", tokens.access_token)).status).toBe(200);
  });

  test("two refreshes racing each get a working pair of their own; neither revokes the other", async ({ request, seed, baseURL }) => {
    const { client, as, tokens } = await connectNewUser(request, seed, baseURL!);
    const [a, b] = await Promise.all([refresh(as, client, tokens.refresh_token!), refresh(as, client, tokens.refresh_token!)]);
    expect(new Set([a.access_token, b.access_token, a.refresh_token, b.refresh_token]).size).toBe(4);
    for (const pair of [a, b]) expect((await connectorGet(request, "/forms", pair.access_token)).status).toBe(200);
    // Both refresh tokens stay usable: each racer keeps its connection.
    const [a2, b2] = await Promise.all([refresh(as, client, a.refresh_token!), refresh(as, client, b.refresh_token!)]);
    for (const pair of [a, b, a2, b2]) expect((await connectorGet(request, "/user", pair.access_token)).status).toBe(200);
  });

  test("the rotated token works for 60 s; used after that it is invalid_grant and revokes the connection", async ({
    request,
    seed,
    baseURL,
  }) => {
    const { client, as, tokens, org } = await connectNewUser(request, seed, baseURL!);
    const first = await refresh(as, client, tokens.refresh_token!);

    // 59 s after the rotation: still inside the grace window, another working pair.
    await rotatedSecondsAgo(seed.db, tokens.refresh_token!, 59);
    const late = await refresh(as, client, tokens.refresh_token!);
    expect((await connectorGet(request, "/user", late.access_token)).status).toBe(200);
    expect((await connectorGet(request, "/user", first.access_token)).status).toBe(200);

    // 61 s: a replay.
    await rotatedSecondsAgo(seed.db, tokens.refresh_token!, 61);
    const replay = await postRefresh(request, client, tokens.refresh_token!);
    expect(replay).toMatchObject({
      status: 400,
      body: { error: "invalid_grant", error_description: "The refresh token was already used; the connection is revoked" },
    });

    const [grant] = await seed.db.select().from(oauthGrants).where(eq(oauthGrants.userId, org.userId));
    expect(grant!.revokedAt).not.toBeNull();
    for (const pair of [tokens, first, late]) {
      const res = await connectorGet(request, "/user", pair.access_token);
      expect(res.status).toBe(401);
      expect(res.headers["www-authenticate"]).toContain('error="invalid_token"');
    }
    for (const token of [first.refresh_token!, late.refresh_token!]) {
      const res = await postRefresh(request, client, token);
      expect(res.body).toEqual({ error: "invalid_grant", error_description: "The refresh token is invalid or revoked" });
    }
  });

  test("pairs rotated more than 30 days ago are dropped at the next refresh", async ({ request, seed, baseURL }) => {
    const { client, as, tokens } = await connectNewUser(request, seed, baseURL!);
    const first = await refresh(as, client, tokens.refresh_token!);
    await rotatedSecondsAgo(seed.db, tokens.refresh_token!, 31 * 24 * 3600);
    const second = await refresh(as, client, first.refresh_token!);
    const gone = await seed.db
      .select()
      .from(oauthTokens)
      .where(eq(oauthTokens.refreshTokenHash, hashSecret(tokens.refresh_token!)));
    expect(gone).toHaveLength(0);
    // A token that old is simply unknown now: refused, without ending the connection.
    const replay = await postRefresh(request, client, tokens.refresh_token!);
    expect(replay.body).toEqual({ error: "invalid_grant", error_description: "The refresh token is invalid or revoked" });
    expect((await connectorGet(request, "/user", second.access_token)).status).toBe(200);
  });

  test("after the access token expired: 401 with WWW-Authenticate, then a refresh brings the connection back", async ({
    request,
    seed,
    baseURL,
  }) => {
    const { client, as, tokens } = await connectNewUser(request, seed, baseURL!);
    await seed.db
      .update(oauthTokens)
      .set({ accessExpiresAt: sql`now()` })
      .where(eq(oauthTokens.accessTokenHash, hashSecret(tokens.access_token)));
    const expired = await connectorGet(request, "/user", tokens.access_token);
    expect(expired).toMatchObject({ status: 401, body: { error: "Invalid or expired access token" } });
    expect(expired.headers["www-authenticate"]).toBe(
      'Bearer realm="Formhouse connector", error="invalid_token", error_description="The access token is invalid, expired or revoked"',
    );
    const next = await refresh(as, client, tokens.refresh_token!);
    expect((await connectorGet(request, "/user", next.access_token)).status).toBe(200);
  });

  test("a refresh may narrow the scope but never widen it; scopes may be comma-separated", async ({ request, seed, baseURL }) => {
    const { client, as, tokens } = await connectNewUser(request, seed, baseURL!, { scope: "profile:read,forms:read" });
    expect(tokens.scope).toBe("profile:read forms:read");
    const creds = { client_id: client.id, client_secret: client.secret! };

    const narrow = await postForm(request, "/oauth/token", {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token!,
      scope: "forms:read",
      ...creds,
    });
    expect(narrow.body.scope).toBe("forms:read");
    expect((await connectorGet(request, "/forms", narrow.body.access_token)).status).toBe(200);
    expect((await connectorGet(request, "/user", narrow.body.access_token)).status).toBe(403);
    // The new refresh token still carries the grant's scopes.
    const again = await refresh(as, client, narrow.body.refresh_token);
    expect(again.scope).toBe("profile:read forms:read");

    const wider = await postForm(request, "/oauth/token", {
      grant_type: "refresh_token",
      refresh_token: again.refresh_token!,
      scope: "forms:read submission:read",
      ...creds,
    });
    expect(wider).toMatchObject({ status: 400, body: { error: "invalid_scope", error_description: "Not granted: submission:read" } });
    const unknown = await postForm(request, "/oauth/token", {
      grant_type: "refresh_token",
      refresh_token: again.refresh_token!,
      scope: "forms:write",
      ...creds,
    });
    expect(unknown).toMatchObject({ status: 400, body: { error: "invalid_scope", error_description: "Unknown scope: forms:write" } });
    // Refused scope requests did not rotate the token.
    expect(await rotatedAt(seed.db, again.refresh_token!)).toBeNull();
  });

  test("another client's refresh token is invalid_grant and leaves the connection alone", async ({ request, seed, baseURL }) => {
    const { client, as, tokens } = await connectNewUser(request, seed, baseURL!);
    const thief = await registerClient(seed.db);
    const res = await postRefresh(request, thief, tokens.refresh_token!);
    expect(res).toMatchObject({
      status: 400,
      body: { error: "invalid_grant", error_description: "The refresh token is invalid or revoked" },
    });
    expect(await rotatedAt(seed.db, tokens.refresh_token!)).toBeNull();
    expect((await refresh(as, client, tokens.refresh_token!)).access_token).toMatch(/^fh_at_/);
  });

  test("a user who left the organization: tokens stop, and the refresh revokes the connection", async ({ request, seed, baseURL }) => {
    const { client, tokens, org } = await connectNewUser(request, seed, baseURL!);
    await seed.db.delete(memberships).where(and(eq(memberships.userId, org.userId), eq(memberships.organizationId, org.organizationId)));
    expect((await connectorGet(request, "/user", tokens.access_token)).status).toBe(401);
    const res = await postRefresh(request, client, tokens.refresh_token!);
    expect(res).toMatchObject({
      status: 400,
      body: { error: "invalid_grant", error_description: "The user is no longer a member of the organization; the connection is revoked" },
    });
    const [grant] = await seed.db.select().from(oauthGrants).where(eq(oauthGrants.userId, org.userId));
    expect(grant!.revokedAt).not.toBeNull();
  });
});
