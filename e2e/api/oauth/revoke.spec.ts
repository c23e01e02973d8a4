import { eq } from "drizzle-orm";
import * as oauth from "oauth4webapi";
import { oauthGrants } from "../../../db/schema";
import { V2_SCOPES } from "../../../lib/scopes/token-scopes";
import { expect, test } from "../../fixtures";
import { clientAuth, connectNewUser, connectorGet, discover, insecure, postForm, refresh, registerClient, postRefresh } from "../../oauth";

test.describe("POST /oauth/revoke (RFC 7009)", () => {
  test("revoking the refresh token ends the connection: every token stops at once", async ({ request, seed, baseURL }) => {
    const { org, client, as, tokens } = await connectNewUser(request, seed, baseURL!);
    const next = await refresh(as, client, tokens.refresh_token!);
    const res = await oauth.revocationRequest(as, { client_id: client.id }, clientAuth(client), next.refresh_token!, insecure);
    expect(res.status).toBe(200);
    expect(await res.clone().text()).toBe("");
    expect(res.headers.get("cache-control")).toBe("no-store");
    await oauth.processRevocationResponse(res);

    for (const access of [tokens.access_token, next.access_token]) expect((await connectorGet(request, "/user", access)).status).toBe(401);
    for (const token of [tokens.refresh_token!, next.refresh_token!]) {
      const r = await postRefresh(request, client, token);
      expect(r.body.error).toBe("invalid_grant");
    }
    const [grant] = await seed.db.select().from(oauthGrants).where(eq(oauthGrants.userId, org.userId));
    expect(grant!.revokedAt).not.toBeNull();
  });

  test("revoking an access token stops it alone; the refresh token still works (HTTP Basic credentials)", async ({
    request,
    seed,
    baseURL,
  }) => {
    const { client, as, tokens } = await connectNewUser(request, seed, baseURL!);
    const res = await postForm(
      request,
      "/oauth/revoke",
      { token: tokens.access_token, token_type_hint: "access_token" },
      { basic: [client.id, client.secret!] },
    );
    expect(res).toMatchObject({ status: 200, body: undefined });
    expect((await connectorGet(request, "/user", tokens.access_token)).status).toBe(401);
    const next = await refresh(as, client, tokens.refresh_token!);
    expect((await connectorGet(request, "/user", next.access_token)).status).toBe(200);
  });

  test("an unknown token, or another client's, is 200 and changes nothing", async ({ request, seed, baseURL }) => {
    const { client, tokens } = await connectNewUser(request, seed, baseURL!);
    const other = await registerClient(seed.db);
    const otherCreds = { client_id: other.id, client_secret: other.secret! };
    expect(await postForm(request, "/oauth/revoke", { token: "fh_rt_unknown", ...otherCreds })).toMatchObject({
      status: 200,
      body: undefined,
    });
    expect((await postForm(request, "/oauth/revoke", { token: tokens.refresh_token!, ...otherCreds })).status).toBe(200);
    expect((await postForm(request, "/oauth/revoke", { token: tokens.access_token, ...otherCreds })).status).toBe(200);
    expect((await connectorGet(request, "/user", tokens.access_token)).status).toBe(200);
    const r = await postRefresh(request, client, tokens.refresh_token!);
    expect(r.status).toBe(200);
  });

  test("no token is invalid_request; bad credentials are invalid_client", async ({ request, seed }) => {
    const client = await registerClient(seed.db);
    expect(await postForm(request, "/oauth/revoke", { client_id: client.id, client_secret: client.secret! })).toMatchObject({
      status: 400,
      body: { error: "invalid_request", error_description: "token is required" },
    });
    const bad = await postForm(request, "/oauth/revoke", { token: "x", client_id: client.id, client_secret: "wrong" });
    expect(bad).toMatchObject({ status: 401, body: { error: "invalid_client" } });
  });
});

test("GET /.well-known/oauth-authorization-server describes the server (RFC 8414)", async ({ request, baseURL }) => {
  const res = await request.get("/.well-known/oauth-authorization-server");
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({
    issuer: baseURL,
    authorization_endpoint: `${baseURL}/oauth/authorize`,
    token_endpoint: `${baseURL}/oauth/token`,
    revocation_endpoint: `${baseURL}/oauth/revoke`,
    registration_endpoint: `${baseURL}/oauth/register`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    revocation_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    code_challenge_methods_supported: ["S256"],
    scopes_supported: ["profile:read", "forms:read", "submission:read", ...V2_SCOPES],
    service_documentation: `${baseURL}/docs`,
    authorization_response_iss_parameter_supported: true,
  });
  // oauth4webapi's discovery accepts it (it checks the issuer against the URL it asked).
  expect((await discover(baseURL!)).issuer).toBe(baseURL);
});
