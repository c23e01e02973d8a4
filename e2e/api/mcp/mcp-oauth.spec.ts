import { and, eq } from "drizzle-orm";
import * as oauth from "oauth4webapi";
import { memberships, oauthClients } from "../../../db/schema";
import { expect, newClientAddress, test } from "../../fixtures";
import { allow, CALLBACK_ORIGIN, connect, discover, insecure, registerClient, signInApi, type TestClient } from "../../oauth";
import { connectMcpWith, postRaw } from "./mcp-client";
import { idsByTag } from "../filter-forms";
import { onlyRow } from "../audit/audit-helpers";

/** OAuth for /mcp (server/oauth/registration.ts, resource.ts, mcp-bearer.ts): registration, audience, scopes within the role. */

const register = (body: unknown, address = newClientAddress()) =>
  fetch(new URL("/oauth/register", process.env.BASE_URL), {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify(body),
  });

/** A public client registered over HTTP, as a TestClient. */
async function registerPublic(name = "Assistant"): Promise<TestClient> {
  const redirectUri = `${CALLBACK_ORIGIN}/cb/${Math.random().toString(36).slice(2)}`;
  const res = await register({ client_name: name, redirect_uris: [redirectUri], token_endpoint_auth_method: "none" });
  expect(res.status).toBe(201);
  const body = await res.json();
  return { id: body.client_id, redirectUri, name };
}

/** Consent (without a browser) and code exchange with PKCE for `resource`: the token response. */
async function mcpTokens(request: Parameters<typeof allow>[0], client: TestClient, scope: string) {
  const as = await discover(process.env.BASE_URL!);
  const verifier = oauth.generateRandomCodeVerifier();
  const callback = await allow(request, client, {
    scope,
    resource: `${process.env.BASE_URL}/mcp`,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  const c: oauth.Client = { client_id: client.id };
  const params = oauth.validateAuthResponse(as, c, callback, oauth.skipStateCheck);
  const res = await oauth.authorizationCodeGrantRequest(as, c, oauth.None(), params, client.redirectUri, verifier, insecure);
  return oauth.processAuthorizationCodeResponse(as, c, res);
}

test.describe("POST /oauth/register", () => {
  test("registers a public client, marked self-registered; a confidential one gets a secret once", async ({ seed }) => {
    const res = await register({ client_name: "Desk", redirect_uris: ["http://127.0.0.1:9/cb"], token_endpoint_auth_method: "none" });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body).toEqual({
      client_id: expect.stringMatching(/^fh_client_/),
      client_id_issued_at: expect.any(Number),
      client_name: "Desk",
      redirect_uris: ["http://127.0.0.1:9/cb"],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code"],
      response_types: ["code"],
    });
    const [row] = await seed.db.select().from(oauthClients).where(eq(oauthClients.clientId, body.client_id));
    expect(row).toMatchObject({ name: "Desk", clientSecretHash: null, registeredAt: expect.any(Date) });

    const confidential = await (await register({ client_name: "Server app", redirect_uris: ["https://app.example/cb"] })).json();
    expect(confidential.client_secret).toMatch(/^fh_cs_/);
    const [stored] = await seed.db.select().from(oauthClients).where(eq(oauthClients.clientId, confidential.client_id));
    expect(stored!.clientSecretHash).not.toContain(confidential.client_secret);
  });

  test("bad metadata is 400 with RFC 7591's codes, and nothing is stored", async ({ seed }) => {
    for (const [body, error] of [
      [{ redirect_uris: ["https://a.example/cb"] }, "invalid_client_metadata"],
      [{ client_name: "x" }, "invalid_redirect_uri"],
      [{ client_name: "x", redirect_uris: ["http://evil.example/cb"] }, "invalid_redirect_uri"],
      [{ client_name: "x", redirect_uris: ["https://a.example/cb#frag"] }, "invalid_redirect_uri"],
      [
        { client_name: "x", redirect_uris: ["https://a.example/cb"], token_endpoint_auth_method: "private_key_jwt" },
        "invalid_client_metadata",
      ],
      [{ client_name: "x", redirect_uris: ["https://a.example/cb"], grant_types: ["client_credentials"] }, "invalid_client_metadata"],
      [{ client_name: "x".repeat(101), redirect_uris: ["https://a.example/cb"] }, "invalid_client_metadata"],
      [[1, 2], "invalid_request"],
    ] as const) {
      const res = await register(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error, JSON.stringify(body)).toBe(error);
    }
    // Other tests register in parallel: none of these did.
    const names = (await seed.db.select({ name: oauthClients.name }).from(oauthClients)).map((r) => r.name);
    expect(names.filter((n) => n === "x" || n === "x".repeat(101))).toEqual([]);
  });

  test("a flood of registrations from one address is throttled with 429 and Retry-After", async () => {
    const address = newClientAddress();
    for (let i = 0; i < 20; i++) {
      expect((await register({ client_name: `c${i}`, redirect_uris: ["https://a.example/cb"] }, address)).status).toBe(201);
    }
    const refused = await register({ client_name: "one too many", redirect_uris: ["https://a.example/cb"] }, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await register({ client_name: "elsewhere", redirect_uris: ["https://a.example/cb"] })).status).toBe(201);
  });
});

test.describe("OAuth tokens for /mcp", () => {
  test("/.well-known/oauth-protected-resource (both forms) names the resource and the authorization server", async ({
    request,
    baseURL,
  }) => {
    for (const path of ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(await res.json()).toMatchObject({
        resource: `${baseURL}/mcp`,
        authorization_servers: [baseURL],
        bearer_methods_supported: ["header"],
      });
    }
  });

  test("a token is for one resource: a connector token is refused by /mcp and an MCP token by the connector", async ({
    request,
    seed,
    baseURL,
    clientAddress,
  }) => {
    const org = await seed.org();
    await signInApi(request, org);
    const connector = await connect(request, await discover(baseURL!), await registerClient(seed.db));
    const init = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect((await postRaw(connector.access_token, clientAddress, init)).status).toBe(401);

    const tokens = await mcpTokens(request, await registerPublic(), "form.view");
    const connectorCall = await request.get("/connector/forms", { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(connectorCall.status()).toBe(401);
    const session = await connectMcpWith(tokens.access_token);
    expect((await session.callTool({ name: "list_forms", arguments: {} })).isError).toBeFalsy();
    // A scope not granted is the API's sentence.
    const refused = await session.callTool({ name: "query_submissions", arguments: { form: "1" } });
    expect((refused.content as { text: string }[])[0]!.text).toBe(
      "You do not have permission to perform this action. Required scope: submission.view",
    );
    await session.close();
  });

  test("an unknown resource is invalid_target; a token request for another resource is refused", async ({ request, seed, baseURL }) => {
    const org = await seed.org();
    await signInApi(request, org);
    const client = await registerPublic();
    const res = await request.get(
      `/oauth/authorize?${new URLSearchParams({
        response_type: "code",
        client_id: client.id,
        redirect_uri: client.redirectUri,
        resource: "https://elsewhere.example/mcp",
        code_challenge: "x".repeat(43),
        code_challenge_method: "S256",
      })}`,
      { maxRedirects: 0 },
    );
    expect(res.status()).toBe(307);
    expect(new URL(res.headers()["location"]!).searchParams.get("error")).toBe("invalid_target");

    const verifier = oauth.generateRandomCodeVerifier();
    const callback = await allow(request, client, {
      resource: `${baseURL}/mcp`,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    });
    const token = await request.post("/oauth/token", {
      form: {
        grant_type: "authorization_code",
        code: callback.searchParams.get("code")!,
        redirect_uri: client.redirectUri,
        client_id: client.id,
        code_verifier: verifier,
        resource: `${baseURL}/connector`,
      },
    });
    expect(token.status()).toBe(400);
    expect((await token.json()).error).toBe("invalid_target");
  });

  test("scopes never exceed the member's role: a viewer asking for form.write gets what a viewer may do", async ({ request, seed }) => {
    const viewer = await seed.org();
    await seed.db
      .update(memberships)
      .set({ role: "viewer" })
      .where(and(eq(memberships.userId, viewer.userId), eq(memberships.organizationId, viewer.organizationId)));
    await signInApi(request, viewer);
    const tokens = await mcpTokens(request, await registerPublic(), "form.view form.write submission.view submission.delete");
    expect(tokens.scope).toBe("form.view submission.view");
    const session = await connectMcpWith(tokens.access_token);
    const refused = await session.callTool({ name: "create_form", arguments: { definition: { name: "x", elements: [] } } });
    expect((refused.content as { text: string }[])[0]!.text).toBe(
      "You do not have permission to perform this action. Required scope: form.write",
    );
    await session.close();
  });

  test("an assistant's change is audited with the client's registered name; PKCE is required even of a confidential client", async ({
    request,
    seed,
    baseURL,
  }) => {
    const org = await seed.org();
    const form = await seed.form(org.organizationId, {
      name: "F",
      elements: [{ id: "q_tag", label: "Tag", type: "short-text" }],
      submissions: [{ data: { q_tag: "a" } }],
    });
    await signInApi(request, org);
    const tokens = await mcpTokens(request, await registerPublic("Audit Assistant"), "submission.view submission.delete");
    const session = await connectMcpWith(tokens.access_token);
    const id = (await idsByTag(seed, form.id)).a!;
    expect((await session.callTool({ name: "delete_submission", arguments: { id } })).isError).toBeFalsy();
    await session.close();
    expect(await onlyRow(seed.db, org.organizationId, "submission.deleted")).toMatchObject({
      actorType: "oauth_client",
      actorLabel: "Audit Assistant",
    });

    const confidential = await registerClient(seed.db);
    const res = await request.get(
      `/oauth/authorize?${new URLSearchParams({
        response_type: "code",
        client_id: confidential.id,
        redirect_uri: confidential.redirectUri,
        resource: `${baseURL}/mcp`,
      })}`,
      { maxRedirects: 0 },
    );
    expect(new URL(res.headers()["location"]!).searchParams.get("error_description")).toBe(
      "This client must use PKCE: send code_challenge with code_challenge_method=S256",
    );
  });
});
