import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { forms, oauthGrants } from "../../../db/schema";
import { revokeGrant } from "../../../server/oauth/grants";
import { expect, test } from "../../fixtures";
import { connectNewUser, connectorGet, refresh } from "../../oauth";

const REALM = 'Bearer realm="Formhouse connector"';

test.describe("GET /connector/user", () => {
  test("answers the connected user's email and name, with rate-limit headers", async ({ request, seed, baseURL }) => {
    const { org, tokens } = await connectNewUser(request, seed, baseURL!);
    const res = await connectorGet(request, "/user", tokens.access_token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: org.email, name: "Test User" });
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["ratelimit-limit"]).toBe("60");
    expect(res.headers["ratelimit-remaining"]).toBe("59");
    // Lowercase scheme is fine (RFC 7235: schemes are case-insensitive).
    expect((await connectorGet(request, "/user", null, { authorization: `bearer ${tokens.access_token}` })).status).toBe(200);
  });
});

test.describe("GET /connector/forms", () => {
  test("the organization's non-trashed forms, most recently updated first, as {id, uuid, name, created_at}", async ({
    request,
    seed,
    baseURL,
  }) => {
    const { org, tokens } = await connectNewUser(request, seed, baseURL!);
    const a = await seed.form(org.organizationId, { name: "Alpha" });
    const b = await seed.form(org.organizationId, { name: "Beta" });
    const c = await seed.form(org.organizationId, { name: "Gamma" });
    const trashed = await seed.form(org.organizationId, { name: "Trashed" });
    const foreign = await seed.form((await seed.org()).organizationId, { name: "Someone else's" });
    // Beta was edited last, then Alpha; Gamma long ago.
    const setUpdated = (id: number, ago: string) =>
      seed.db
        .update(forms)
        .set({ updatedAt: sql`now() - ${ago}::interval` })
        .where(eq(forms.id, id));
    await setUpdated(b.id, "1 minute");
    await setUpdated(a.id, "1 hour");
    await setUpdated(c.id, "1 day");
    await seed.db
      .update(forms)
      .set({ trashedAt: sql`now()` })
      .where(eq(forms.id, trashed.id));

    const res = await connectorGet(request, "/forms", tokens.access_token);
    expect(res.status).toBe(200);
    expect(res.body.map((f: { name: string }) => f.name)).toEqual(["Beta", "Alpha", "Gamma"]);
    const rows = await seed.db.select().from(forms).where(eq(forms.id, b.id));
    expect(res.body[0]).toEqual({ id: b.id, uuid: b.uuid, name: "Beta", created_at: rows[0]!.createdAt.toISOString() });
    expect(JSON.stringify(res.body)).not.toContain(foreign.uuid);
  });

  test("limit (1–100, default 100) and page", async ({ request, seed, baseURL }) => {
    const { org, tokens } = await connectNewUser(request, seed, baseURL!);
    await seed.db.insert(forms).values(
      Array.from({ length: 103 }, (_, i) => ({
        organizationId: org.organizationId,
        name: `Form ${String(i).padStart(3, "0")}`,
        uuid: randomUUID(),
        updatedAt: sql`now() - make_interval(secs => ${i})`,
      })),
    );
    const names = async (query: string) => {
      const res = await connectorGet(request, `/forms${query}`, tokens.access_token);
      expect(res.status, query).toBe(200);
      return res.body.map((f: { name: string }) => f.name);
    };
    const all = await names("");
    expect(all).toHaveLength(100);
    expect(all[0]).toBe("Form 000");
    expect(all[99]).toBe("Form 099");
    expect(await names("?page=2")).toEqual(["Form 100", "Form 101", "Form 102"]);
    expect(await names("?limit=2&page=3")).toEqual(["Form 004", "Form 005"]);
    expect(await names("?limit=100&page=2")).toHaveLength(3);
    expect(await names("?limit=1")).toEqual(["Form 000"]);
    expect(await names("?page=9")).toEqual([]);

    for (const [query, error] of [
      ["?limit=0", "limit must be an integer from 1 to 100"],
      ["?limit=101", "limit must be an integer from 1 to 100"],
      ["?limit=abc", "limit must be an integer from 1 to 100"],
      ["?page=0", "page must be a positive integer"],
    ]) {
      const res = await connectorGet(request, `/forms${query}`, tokens.access_token);
      expect(res, query).toMatchObject({ status: 400, body: { error } });
    }
  });
});

test.describe("connector authentication", () => {
  test("no token: 401 with a bare Bearer challenge", async ({ request }) => {
    for (const path of ["/user", "/forms"]) {
      const res = await connectorGet(request, path, null);
      expect(res).toMatchObject({ status: 401, body: { error: "Access token required (Authorization: Bearer <token>)" } });
      expect(res.headers["www-authenticate"]).toBe(REALM);
    }
  });

  test("an invalid, expired or revoked token: 401 invalid_token; a v2 API token is not an access token", async ({
    request,
    seed,
    baseURL,
  }) => {
    const { tokens, org } = await connectNewUser(request, seed, baseURL!);
    const v2 = await seed.token(org.organizationId);
    const challenge = `${REALM}, error="invalid_token", error_description="The access token is invalid, expired or revoked"`;
    for (const authorization of [
      "Bearer fh_at_unknown",
      `Basic ${tokens.access_token}`,
      "Bearer",
      `Bearer ${tokens.refresh_token}`,
      `Bearer ${v2}`,
      `Bearer ${tokens.access_token} extra`,
    ]) {
      const res = await connectorGet(request, "/user", null, { authorization });
      expect(res, authorization).toMatchObject({ status: 401, body: { error: "Invalid or expired access token" } });
      expect(res.headers["www-authenticate"]).toBe(challenge);
    }
    // Nor is an access token a v2 API token.
    const onV2 = await request.get("/api/v2/forms", { headers: { "X-SERVICE-TOKEN": tokens.access_token } });
    expect(onV2.status()).toBe(400);

    const [grant] = await seed.db.select().from(oauthGrants).where(eq(oauthGrants.userId, org.userId));
    await revokeGrant(seed.db, grant!.id);
    const revoked = await connectorGet(request, "/forms", tokens.access_token);
    expect(revoked).toMatchObject({ status: 401, body: { error: "Invalid or expired access token" } });
    expect(revoked.headers["www-authenticate"]).toBe(challenge);
  });

  test("a token without the scope: 403 with an insufficient_scope challenge naming it", async ({ request, seed, baseURL }) => {
    const { tokens } = await connectNewUser(request, seed, baseURL!, { scope: "forms:read" });
    const res = await connectorGet(request, "/user", tokens.access_token);
    expect(res).toMatchObject({ status: 403, body: { error: "The access token lacks the required scope: profile:read" } });
    expect(res.headers["www-authenticate"]).toBe(`${REALM}, error="insufficient_scope", scope="profile:read"`);
    expect((await connectorGet(request, "/forms", tokens.access_token)).status).toBe(200);

    const profileOnly = await connectNewUser(request, seed, baseURL!, { scope: "profile:read" });
    const forms = await connectorGet(request, "/forms", profileOnly.tokens.access_token);
    expect(forms).toMatchObject({ status: 403, body: { error: "The access token lacks the required scope: forms:read" } });
  });

  test("60 requests per 60 s per connection: then 429 with Retry-After; a refreshed token does not reset it", async ({
    request,
    seed,
    baseURL,
  }) => {
    const { client, as, tokens } = await connectNewUser(request, seed, baseURL!);
    const other = await connectNewUser(request, seed, baseURL!);
    for (let i = 0; i < 6; i++) {
      const batch = await Promise.all(Array.from({ length: 10 }, () => connectorGet(request, "/user", tokens.access_token)));
      expect(batch.map((r) => r.status)).toEqual(Array(10).fill(200));
    }
    const limited = await connectorGet(request, "/forms", tokens.access_token);
    expect(limited).toMatchObject({ status: 429, body: { error: "You have exceeded api rate limit" } });
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers["ratelimit-limit"]).toBe("60");
    expect(limited.headers["ratelimit-remaining"]).toBe("0");

    const fresh = await refresh(as, client, tokens.refresh_token!);
    expect((await connectorGet(request, "/user", fresh.access_token)).status).toBe(429);
    expect((await connectorGet(request, "/user", other.tokens.access_token)).status).toBe(200);
  });
});

test("GET /connector/openapi.json documents the surface with the OAuth 2.0 scheme", async ({ request, baseURL }) => {
  const res = await request.get("/connector/openapi.json");
  expect(res.status()).toBe(200);
  const doc = await res.json();
  expect(doc.servers[0].url).toBe(`${baseURL}/connector`);
  expect(Object.keys(doc.paths).sort()).toEqual(["/forms", "/user", "/webhooks", "/webhooks/{id}"]);
  expect(doc.components.securitySchemes.OAuth2.flows.authorizationCode).toMatchObject({
    authorizationUrl: `${baseURL}/oauth/authorize`,
    tokenUrl: `${baseURL}/oauth/token`,
    scopes: { "profile:read": "See your name and email address" },
  });
  const forms = doc.paths["/forms"].get;
  expect(forms.security).toEqual([{ OAuth2: ["forms:read"] }]);
  expect(Object.keys(forms.responses)).toEqual(["200", "400", "401", "403", "429", "500"]);
  expect(forms.responses["403"].content["application/json"].example).toEqual({
    error: "The access token lacks the required scope: forms:read",
  });
  expect(forms.responses["429"].headers["Retry-After"]).toBeTruthy();
  expect(forms.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["limit", "page"]);
  expect(forms.responses["200"].content["application/json"].schema.type).toBe("array");

  const docs = await (await request.get("/docs")).text();
  expect(docs).toContain("Formhouse connector API");
  expect(docs).toContain('id="connecting-with-oauth-2-0"');
});
