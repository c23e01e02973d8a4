import * as oauth from "oauth4webapi";
import { expect, test } from "../fixtures";
import { CALLBACK_ORIGIN, discover, insecure } from "../oauth";
import { connectMcpWith } from "../api/mcp/mcp-client";
import { expectAccessibleAndNarrow } from "./page-checks";

/**
 * An assistant connects to /mcp the way MCP clients do, with oauth4webapi as the client library:
 * the 401's resource metadata, discovery, dynamic registration, PKCE, consent in Chromium, the
 * token for the MCP resource, a tool call, refresh, revoke — and the next call fails.
 */
test("an MCP client: metadata, registration, PKCE, consent, token, a call, refresh, revoke", async ({ page, seed, baseURL }) => {
  test.setTimeout(120_000);
  const org = await seed.org({ orgName: "Acme Forms" });
  const form = await seed.form(org.organizationId, { name: "Contact us" });
  const mcp = new URL("/mcp", baseURL);

  // 1. /mcp without a token: 401 naming the resource metadata; it names the authorization server.
  const denied = await fetch(mcp, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  expect(denied.status).toBe(401);
  const challenge = denied.headers.get("www-authenticate")!;
  const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)![1]!;
  expect(metadataUrl).toBe(`${baseURL}/.well-known/oauth-protected-resource/mcp`);
  const rs = await oauth.processResourceDiscoveryResponse(mcp, await oauth.resourceDiscoveryRequest(mcp, insecure));
  expect(rs.authorization_servers).toEqual([baseURL]);
  expect(rs.scopes_supported).toContain("form.write");
  const as = await discover(baseURL!);
  expect(as.registration_endpoint).toBe(`${baseURL}/oauth/register`);

  // 2. Dynamic registration of a public client.
  const redirectUri = `${CALLBACK_ORIGIN}/mcp-callback`;
  const registered = await oauth.processDynamicClientRegistrationResponse(
    await oauth.dynamicClientRegistrationRequest(
      as,
      {
        client_name: "Desk Assistant",
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
      },
      insecure,
    ),
  );
  expect(registered.client_secret).toBeUndefined();
  const client: oauth.Client = { client_id: registered.client_id, token_endpoint_auth_method: "none" };

  // 3. Authorize in Chromium: sign in, the consent page names the client as registered, unverified; Allow.
  await page.route(`${CALLBACK_ORIGIN}/**`, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>Done</title>" }),
  );
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const authorize = new URL(as.authorization_endpoint!);
  authorize.search = new URLSearchParams({
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: redirectUri,
    scope: "form.view submission.view",
    resource: mcp.href,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  }).toString();
  await page.goto(authorize.href);
  await page.getByLabel("Email").fill(org.email);
  await page.getByLabel("Password").fill(org.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Connect Desk Assistant" })).toBeVisible();
  await expect(page.getByRole("note")).toContainText("Unverified app");
  await expect(page.getByRole("note")).toContainText("“Desk Assistant”");
  await expect(page.getByRole("list", { name: "Desk Assistant will be able to" }).getByRole("listitem")).toHaveText([
    /See forms/,
    /Read submissions/,
  ]);
  await expectAccessibleAndNarrow(page, "MCP consent");
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL((u) => u.href.startsWith(redirectUri));

  // 4. The code for tokens, with PKCE and the resource.
  const params = oauth.validateAuthResponse(as, client, new URL(page.url()), state);
  const tokens = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, verifier, {
      ...insecure,
      additionalParameters: { resource: mcp.href },
    }),
  );
  expect(tokens.scope).toBe("form.view submission.view");

  // 5. A tool call with the access token.
  const listForms = async (accessToken: string) => {
    const session = await connectMcpWith(accessToken);
    try {
      return await session.callTool({ name: "list_forms", arguments: {} });
    } finally {
      await session.close();
    }
  };
  expect((await listForms(tokens.access_token)).structuredContent).toMatchObject({ forms: [{ uuid: form.uuid, name: "Contact us" }] });
  // The connector refuses it: it was issued for /mcp.
  expect((await fetch(new URL("/connector/forms", baseURL), { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(
    401,
  );

  // 6. Refresh: the new access token works.
  const refreshed = await oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure),
  );
  expect((await listForms(refreshed.access_token)).isError).toBeFalsy();

  // Connected apps lists it as an assistant whose name is its own claim.
  await page.goto("/connected-apps");
  const row = page.getByTestId("app-row");
  await expect(row).toContainText("Desk Assistant");
  await expect(row).toContainText("Assistant (MCP), self-registered: name unverified");
  await expect(row).toContainText("See forms: their names, settings and fields");

  // 7. Revoke the refresh token: the connection ends, the next call is refused at the door.
  const revoked = await oauth.revocationRequest(as, client, oauth.None(), refreshed.refresh_token!, insecure);
  await oauth.processRevocationResponse(revoked);
  await expect(listForms(refreshed.access_token)).rejects.toThrow(/Sign in with OAuth or send a v2 API token/);
});
