import { eq, sql } from "drizzle-orm";
import * as oauth from "oauth4webapi";
import { oauthAuthorizationCodes, oauthGrants, oauthTokens } from "../../../db/schema";
import { hashSecret } from "../../../server/oauth/secrets";
import type { APIRequestContext } from "@playwright/test";
import { expect, test, type Seed } from "../../fixtures";
import {
  allow,
  connect,
  connectorGet,
  discover,
  insecure,
  postForm,
  registerClient,
  signInApi,
  type TestClient,
  postRefresh,
} from "../../oauth";

const VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"; // RFC 7636 appendix B
const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

/** A fresh code for `client` (signed in as a new user), optionally with the PKCE challenge above. */
async function codeFor(request: APIRequestContext, seed: Seed, client: TestClient, pkce = true) {
  const org = await seed.org();
  await signInApi(request, org);
  const callback = await allow(
    request,
    client,
    pkce ? { code_challenge: CHALLENGE, code_challenge_method: "S256", state: "s" } : { state: "s" },
  );
  return { org, code: callback.searchParams.get("code")! };
}

const bodyCreds = (c: TestClient) => ({ client_id: c.id, client_secret: c.secret! });

/** The token request that redeems a fresh PKCE authorization code of `client`, credentials in the body. */
async function codeGrant(request: APIRequestContext, seed: Seed, client: TestClient) {
  const { code } = await codeFor(request, seed, client);
  return { grant_type: "authorization_code", code, redirect_uri: client.redirectUri, code_verifier: VERIFIER, ...bodyCreds(client) };
}

test.describe("POST /oauth/token: authorization_code", () => {
  test("oauth4webapi connects with PKCE and credentials in the body; only hashes are stored", async ({ request, seed, baseURL }) => {
    const org = await seed.org();
    const client = await registerClient(seed.db);
    await signInApi(request, org);
    const as = await discover(baseURL!);
    const tokens = await connect(request, as, client, { scope: "profile:read forms:read" });
    expect(tokens).toMatchObject({ token_type: "bearer", expires_in: 3600, scope: "profile:read forms:read" });
    expect(tokens.access_token).toMatch(/^fh_at_[A-Za-z0-9_-]{43}$/);
    expect(tokens.refresh_token).toMatch(/^fh_rt_[A-Za-z0-9_-]{43}$/);

    const [grant] = await seed.db.select().from(oauthGrants).where(eq(oauthGrants.userId, org.userId));
    expect(grant).toMatchObject({ organizationId: org.organizationId, scopes: ["profile:read", "forms:read"], revokedAt: null });
    const [pair] = await seed.db.select().from(oauthTokens).where(eq(oauthTokens.grantId, grant!.id));
    expect(pair).toMatchObject({
      accessTokenHash: hashSecret(tokens.access_token),
      refreshTokenHash: hashSecret(tokens.refresh_token!),
      rotatedAt: null,
    });
    const lifetime = (pair!.accessExpiresAt.getTime() - pair!.createdAt.getTime()) / 1000;
    expect(lifetime).toBe(3600);
    const dump = JSON.stringify(
      await seed.db.execute(sql`select * from oauth_tokens t join oauth_grants g on g.id = t.grant_id where g.id = ${grant!.id}`),
    );
    expect(dump).not.toContain(tokens.access_token);
    expect(dump).not.toContain(tokens.refresh_token);

    expect((await connectorGet(request, "/user", tokens.access_token)).body).toEqual({ email: org.email, name: "Test User" });
  });

  test("the token response is exact and never cached", async ({ request, seed }) => {
    const client = await registerClient(seed.db);
    const res = await postForm(request, "/oauth/token", await codeGrant(request, seed, client));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["access_token", "expires_in", "refresh_token", "scope", "token_type"]);
    expect(res.body).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "profile:read forms:read submission:read" });
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["pragma"]).toBe("no-cache");
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  test("HTTP Basic credentials work as well as body credentials (oauth4webapi's ClientSecretBasic)", async ({ request, seed, baseURL }) => {
    const org = await seed.org();
    const client = await registerClient(seed.db);
    await signInApi(request, org);
    const as = await discover(baseURL!);
    const tokens = await connect(request, as, client, { auth: oauth.ClientSecretBasic(client.secret!) });
    expect(tokens.scope).toBe("profile:read forms:read submission:read");
    // Both at once are fine when they agree.
    const { code } = await codeFor(request, seed, client, false);
    const both = await postForm(
      request,
      "/oauth/token",
      { grant_type: "authorization_code", code, redirect_uri: client.redirectUri, ...bodyCreds(client) },
      { basic: [client.id, client.secret!] },
    );
    expect(both.status).toBe(200);
  });

  test("a public client authenticates with PKCE alone (oauth4webapi's None)", async ({ request, seed, baseURL }) => {
    const org = await seed.org();
    const client = await registerClient(seed.db, { public: true });
    await signInApi(request, org);
    const tokens = await connect(request, await discover(baseURL!), client);
    expect((await connectorGet(request, "/user", tokens.access_token)).status).toBe(200);
  });

  test("a code used twice is invalid_grant and revokes what the first use issued", async ({ request, seed }) => {
    const client = await registerClient(seed.db);
    const form = await codeGrant(request, seed, client);
    const first = await postForm(request, "/oauth/token", form);
    expect(first.status).toBe(200);
    expect((await connectorGet(request, "/user", first.body.access_token)).status).toBe(200);

    const second = await postForm(request, "/oauth/token", form);
    expect(second).toMatchObject({
      status: 400,
      body: { error: "invalid_grant", error_description: "The authorization code was already used; the tokens issued for it are revoked" },
    });
    expect((await connectorGet(request, "/user", first.body.access_token)).status).toBe(401);
    const refreshed = await postRefresh(request, client, first.body.refresh_token);
    expect(refreshed.body.error).toBe("invalid_grant");
    const [stored] = await seed.db
      .select()
      .from(oauthAuthorizationCodes)
      .where(eq(oauthAuthorizationCodes.codeHash, hashSecret(form.code)));
    const [grant] = await seed.db.select().from(oauthGrants).where(eq(oauthGrants.id, stored!.grantId!));
    expect(grant!.revokedAt).not.toBeNull();
  });

  test("two exchanges of one code at once: one gets tokens, the other invalid_grant, and the tokens are revoked", async ({
    request,
    seed,
  }) => {
    const client = await registerClient(seed.db);
    const form = await codeGrant(request, seed, client);
    const results = await Promise.all([postForm(request, "/oauth/token", form), postForm(request, "/oauth/token", form)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const ok = results.find((r) => r.status === 200)!;
    expect((await connectorGet(request, "/user", ok.body.access_token)).status).toBe(401);
  });

  test("every invalid_grant of a code exchange, with its description", async ({ request, seed }) => {
    const client = await registerClient(seed.db);
    const other = await registerClient(seed.db);
    const { code } = await codeFor(request, seed, client);
    const { code: plainCode } = await codeFor(request, seed, client, false);
    const base = { grant_type: "authorization_code", redirect_uri: client.redirectUri, ...bodyCreds(client) };
    const cases: [Record<string, string>, string][] = [
      [{ ...base, code: "fh_ac_nope", code_verifier: VERIFIER }, "The authorization code is invalid"],
      [
        { ...base, code, code_verifier: VERIFIER, ...bodyCreds(other), redirect_uri: client.redirectUri },
        "The authorization code is invalid",
      ],
      [
        { ...base, code, code_verifier: VERIFIER, redirect_uri: `${client.redirectUri}/x` },
        "redirect_uri does not match the one of the authorization request",
      ],
      [
        { grant_type: "authorization_code", ...bodyCreds(client), code, code_verifier: VERIFIER },
        "redirect_uri does not match the one of the authorization request",
      ],
      [{ ...base, code, code_verifier: "x".repeat(43) }, "code_verifier does not match the code_challenge"],
      [{ ...base, code }, "code_verifier is required: the authorization request sent a code_challenge"],
      [
        { ...base, code: plainCode, code_verifier: VERIFIER },
        "code_verifier was sent, but the authorization request had no code_challenge",
      ],
    ];
    for (const [form, description] of cases) {
      const res = await postForm(request, "/oauth/token", form);
      expect(res, description).toMatchObject({ status: 400, body: { error: "invalid_grant", error_description: description } });
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    // None of these used the code up: it still works once.
    expect((await postForm(request, "/oauth/token", { ...base, code, code_verifier: VERIFIER })).status).toBe(200);
    expect((await postForm(request, "/oauth/token", { ...base, code: plainCode })).status).toBe(200);
  });

  test("an expired code is invalid_grant (codes live 5 minutes)", async ({ request, seed }) => {
    const client = await registerClient(seed.db);
    const { code } = await codeFor(request, seed, client, false);
    // Let the code's 5 minutes pass (the server compares with the database clock).
    await seed.db
      .update(oauthAuthorizationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oauthAuthorizationCodes.codeHash, hashSecret(code)));
    const res = await postForm(request, "/oauth/token", {
      grant_type: "authorization_code",
      code,
      redirect_uri: client.redirectUri,
      ...bodyCreds(client),
    });
    expect(res).toMatchObject({ status: 400, body: { error: "invalid_grant", error_description: "The authorization code has expired" } });
  });
});

test.describe("POST /oauth/token: request and client errors", () => {
  test("wrong, missing or conflicting client credentials are a bare 401 invalid_client", async ({ request, seed }) => {
    const client = await registerClient(seed.db);
    const publicClient = await registerClient(seed.db, { public: true });
    const grant = { grant_type: "authorization_code", code: "fh_ac_x", redirect_uri: client.redirectUri };
    const cases: [Record<string, string>, { basic?: [string, string] }][] = [
      [{ ...grant }, {}],
      [{ ...grant, client_id: client.id }, {}],
      [{ ...grant, client_id: client.id, client_secret: "fh_cs_wrong" }, {}],
      [{ ...grant, client_id: "fh_client_unknown", client_secret: client.secret! }, {}],
      [{ ...grant }, { basic: [client.id, "fh_cs_wrong"] }],
      [{ ...grant }, { basic: ["fh_client_unknown", client.secret!] }],
      [{ ...grant, client_id: publicClient.id }, { basic: [client.id, client.secret!] }],
      [{ ...grant, client_id: publicClient.id, client_secret: "anything" }, {}],
    ];
    for (const [form, opts] of cases) {
      const res = await postForm(request, "/oauth/token", form, opts);
      expect(res.status, JSON.stringify({ form, opts })).toBe(401);
      expect(res.body).toEqual({ error: "invalid_client" });
      expect(res.headers["www-authenticate"]).toBe('Basic realm="Formhouse OAuth"');
    }
  });

  test("malformed requests are invalid_request, unknown grants unsupported_grant_type", async ({ request, seed }) => {
    const client = await registerClient(seed.db);
    const creds = bodyCreds(client);
    const form = (f: Record<string, string>) => new URLSearchParams(f).toString();
    const cases: [string, Record<string, string>, number, Record<string, string>][] = [
      [form({ ...creds }), {}, 400, { error: "invalid_request", error_description: "grant_type is required" }],
      [form({ ...creds, grant_type: "authorization_code" }), {}, 400, { error: "invalid_request", error_description: "code is required" }],
      [
        form({ ...creds, grant_type: "refresh_token" }),
        {},
        400,
        { error: "invalid_request", error_description: "refresh_token is required" },
      ],
      [
        `${form({ ...creds, grant_type: "authorization_code", code: "a" })}&code=b`,
        {},
        400,
        { error: "invalid_request", error_description: "code is given more than once" },
      ],
      [
        form({ ...creds, grant_type: "authorization_code", code: "a", code_verifier: "short" }),
        {},
        400,
        { error: "invalid_request", error_description: "code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, -, ., _ and ~" },
      ],
      [
        form({ ...creds, grant_type: "password" }),
        {},
        400,
        { error: "unsupported_grant_type", error_description: "grant_type must be authorization_code or refresh_token" },
      ],
      [
        form({ ...creds, grant_type: "client_credentials" }),
        {},
        400,
        { error: "unsupported_grant_type", error_description: "grant_type must be authorization_code or refresh_token" },
      ],
      [
        "<xml/>",
        { "content-type": "text/xml" },
        400,
        { error: "invalid_request", error_description: "The request body must be application/x-www-form-urlencoded" },
      ],
      [
        "{nope",
        { "content-type": "application/json" },
        400,
        { error: "invalid_request", error_description: "The request body is not valid JSON" },
      ],
    ];
    for (const [body, headers, status, expected] of cases) {
      const res = await postForm(request, "/oauth/token", {}, { body, headers });
      expect(res.status, body).toBe(status);
      expect(res.body, body).toEqual(expected);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  test("a JSON body is accepted too (some platform templates send one)", async ({ request, seed }) => {
    const client = await registerClient(seed.db);
    const { code } = await codeFor(request, seed, client, false);
    const res = await postForm(
      request,
      "/oauth/token",
      {},
      {
        body: JSON.stringify({ grant_type: "authorization_code", code, redirect_uri: client.redirectUri, ...bodyCreds(client) }),
        headers: { "content-type": "application/json" },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.token_type).toBe("Bearer");
  });

  test("GET /oauth/token is not a token endpoint", async ({ request }) => {
    const res = await request.get("/oauth/token");
    expect(res.status()).toBe(405);
  });

  test("oauth4webapi sees our errors as OAuth errors", async ({ seed, baseURL }) => {
    const client = await registerClient(seed.db);
    const as = await discover(baseURL!);
    const c = { client_id: client.id };
    const res = await oauth.refreshTokenGrantRequest(as, c, oauth.ClientSecretPost(client.secret!), "fh_rt_unknown", insecure);
    await expect(oauth.processRefreshTokenResponse(as, c, res)).rejects.toMatchObject({
      error: "invalid_grant",
      error_description: "The refresh token is invalid or revoked",
      status: 400,
    });
  });
});

test.describe("POST /oauth/token: hostile parameters", () => {
  test("NUL in any parameter is invalid_request; such a client id in HTTP Basic is invalid_client; never a 500", async ({ request }) => {
    const forms: Record<string, string>[] = [
      { grant_type: "authorization_code", code: "x", client_id: "fh_client_\u0000" },
      { grant_type: "refresh_token", refresh_token: "fh_rt_\u0000", client_id: "c" },
      { "grant\u0000type": "authorization_code" },
    ];
    for (const form of forms) {
      const res = await postForm(request, "/oauth/token", form);
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(res.body, JSON.stringify(form)).toEqual({
        error: "invalid_request",
        error_description: expect.stringContaining("must not contain"),
      });
    }
    const basic = await postForm(
      request,
      "/oauth/token",
      { grant_type: "authorization_code", code: "x" },
      { basic: ["fh_client_\u0000", "s"] },
    );
    expect(basic.status).toBe(401);
    expect(basic.body).toEqual({ error: "invalid_client" });
    const revoke = await postForm(request, "/oauth/revoke", { token: "t", client_id: "a\u0000b" });
    expect(revoke.status).toBe(400);
    expect(revoke.body.error).toBe("invalid_request");
  });
});
