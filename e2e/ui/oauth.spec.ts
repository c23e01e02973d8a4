import AxeBuilder from "@axe-core/playwright";
import * as oauth from "oauth4webapi";
import type { Page } from "@playwright/test";
import { startNextServer, type RunningServer } from "../../scripts/lib/next-server";
import { freePort } from "../../scripts/lib/ports";
import { expect, test as base } from "../fixtures";
import { CALLBACK_ORIGIN, authorizeQuery, discover, insecure, registerClient, signInApi, type TestClient } from "../oauth";
import { screenshot } from "./helpers";

/**
 * Short lifetimes for the timing of the whole flow: a second server on the same build and
 * database whose access tokens live 4 s and whose rotated refresh tokens work 2 s more, so the
 * test waits for real expiry instead of simulating it.
 */
const ACCESS_TTL_S = 4;
const GRACE_S = 2;

const test = base.extend<object, { shortServer: RunningServer }>({
  shortServer: [
    async ({}, use) => {
      const server = await startNextServer({
        databaseUrl: process.env.DATABASE_URL!,
        port: await freePort(),
        env: { ...process.env, OAUTH_ACCESS_TOKEN_TTL_S: String(ACCESS_TTL_S), OAUTH_REFRESH_GRACE_S: String(GRACE_S) },
      });
      await use(server);
      server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The platform's callback page: intercepted, so the browser never dials it. */
async function interceptCallback(page: Page) {
  await page.route(`${CALLBACK_ORIGIN}/**`, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>Connected</title>" }),
  );
}

/** Clicks Allow or Deny and returns the URL the browser was sent back to. */
async function decide(page: Page, client: TestClient, button: "Allow" | "Deny"): Promise<URL> {
  await page.getByRole("button", { name: button }).click();
  await page.waitForURL((u) => u.href.startsWith(client.redirectUri));
  return new URL(page.url());
}

test.describe("OAuth with a real client library", () => {
  test("sign in, Allow, exchange with PKCE, use every endpoint, refresh after expiry, race, replay, revoke", async ({
    page,
    seed,
    shortServer,
  }) => {
    test.setTimeout(120_000);
    const baseUrl = shortServer.baseUrl;
    const org = await seed.org({ orgName: "Acme Forms" });
    const form = await seed.form(org.organizationId, { name: "Contact us" });
    const client = await registerClient(seed.db, { name: "Make" });
    const c: oauth.Client = { client_id: client.id };
    const auth = oauth.ClientSecretPost(client.secret!);
    const as = await discover(baseUrl);
    await interceptCallback(page);

    // 1. Authorize in Chromium, signed out: sign in, come back, Allow. Make joins scopes with commas.
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const authorizeUrl = new URL(as.authorization_endpoint!);
    authorizeUrl.search = authorizeQuery(client, {
      scope: "profile:read,forms:read,submission:read",
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    });
    await page.goto(authorizeUrl.href);
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
    await page.getByLabel("Email").fill(org.email);
    await page.getByLabel("Password").fill(org.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Connect Make" })).toBeVisible();
    await expect(page.getByText("Acme Forms")).toBeVisible();
    await expect(page.getByRole("list", { name: "Make will be able to" }).getByRole("listitem")).toHaveText([
      /See your name and email address/,
      /See the list of your organization's forms/,
      /Receive new submissions to your organization's forms/,
    ]);
    const callback = await decide(page, client, "Allow");

    // 2. Exchange the code with PKCE.
    const params = oauth.validateAuthResponse(as, c, callback, state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      c,
      await oauth.authorizationCodeGrantRequest(as, c, auth, params, client.redirectUri, verifier, insecure),
    );
    expect(tokens).toMatchObject({ token_type: "bearer", expires_in: ACCESS_TTL_S, scope: "profile:read forms:read submission:read" });

    // 3. Every connector endpoint.
    const get = (token: string, path: string) =>
      oauth.protectedResourceRequest(token, "GET", new URL(`${baseUrl}/connector${path}`), undefined, undefined, insecure);
    expect(await (await get(tokens.access_token, "/user")).json()).toEqual({ email: org.email, name: "Test User" });
    const forms = await (await get(tokens.access_token, "/forms")).json();
    expect(forms).toEqual([{ id: form.id, uuid: form.uuid, name: "Contact us", created_at: expect.any(String) }]);

    // 4. The access token expires: 401 with a Bearer challenge the library understands; refresh.
    await sleep(ACCESS_TTL_S * 1000 + 500);
    await expect(get(tokens.access_token, "/user")).rejects.toMatchObject({
      cause: [{ scheme: "bearer", parameters: { realm: "Formhouse connector", error: "invalid_token" } }],
      response: { status: 401 },
    });
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      c,
      await oauth.refreshTokenGrantRequest(as, c, auth, tokens.refresh_token!, insecure),
    );
    expect((await get(refreshed.access_token, "/user")).status).toBe(200);

    // 5. Two refreshes racing with the same token: each gets a working pair of its own.
    const race = await Promise.all(
      [0, 1].map(async () =>
        oauth.processRefreshTokenResponse(as, c, await oauth.refreshTokenGrantRequest(as, c, auth, refreshed.refresh_token!, insecure)),
      ),
    );
    expect(race[0]!.refresh_token).not.toBe(race[1]!.refresh_token);
    for (const pair of race) expect((await get(pair.access_token, "/forms")).status).toBe(200);
    const onward = await Promise.all(
      race.map(async (pair) =>
        oauth.processRefreshTokenResponse(as, c, await oauth.refreshTokenGrantRequest(as, c, auth, pair.refresh_token!, insecure)),
      ),
    );
    for (const pair of onward) expect((await get(pair.access_token, "/user")).status).toBe(200);

    // 6. After the grace window, the raced token is a replay: invalid_grant, and the connection is revoked.
    await sleep(GRACE_S * 1000 + 500);
    const fresh = await oauth.processRefreshTokenResponse(
      as,
      c,
      await oauth.refreshTokenGrantRequest(as, c, auth, onward[0]!.refresh_token!, insecure),
    );
    expect((await get(fresh.access_token, "/user")).status).toBe(200);
    const replay = await oauth.refreshTokenGrantRequest(as, c, auth, refreshed.refresh_token!, insecure);
    await expect(oauth.processRefreshTokenResponse(as, c, replay)).rejects.toMatchObject({ error: "invalid_grant", status: 400 });
    await expect(get(fresh.access_token, "/user")).rejects.toMatchObject({ response: { status: 401 } });

    // 7. Connect again (still signed in: straight to consent), then revoke through RFC 7009.
    const verifier2 = oauth.generateRandomCodeVerifier();
    authorizeUrl.search = authorizeQuery(client, {
      state: "second",
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier2),
      code_challenge_method: "S256",
    });
    await page.goto(authorizeUrl.href);
    const callback2 = await decide(page, client, "Allow");
    const second = await oauth.processAuthorizationCodeResponse(
      as,
      c,
      await oauth.authorizationCodeGrantRequest(
        as,
        c,
        auth,
        oauth.validateAuthResponse(as, c, callback2, "second"),
        client.redirectUri,
        verifier2,
        insecure,
      ),
    );
    expect((await get(second.access_token, "/forms")).status).toBe(200);
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, c, auth, second.refresh_token!, insecure));
    await expect(get(second.access_token, "/forms")).rejects.toMatchObject({ response: { status: 401 } });
    const afterRevoke = await oauth.refreshTokenGrantRequest(as, c, auth, second.refresh_token!, insecure);
    await expect(oauth.processRefreshTokenResponse(as, c, afterRevoke)).rejects.toMatchObject({ error: "invalid_grant" });
  });
});

test.describe("consent and error pages", () => {
  test("the consent page is accessible and fits 390 px; Deny sends access_denied back", async ({ page, seed }) => {
    const org = await seed.org({ orgName: "Analytical Engines" });
    const client = await registerClient(seed.db, { name: "Zapier" });
    await signInApi(page.context().request, org);
    await interceptCallback(page);

    await page.goto(`/oauth/authorize?${authorizeQuery(client, { scope: "forms:read profile:read", state: "st" })}`);
    await expect(page.getByRole("heading", { level: 1, name: "Connect Zapier" })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await screenshot(page, "oauth-consent");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    // Nothing wider than the screen; both buttons on screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const name of ["Allow", "Deny"]) {
      const box = (await page.getByRole("button", { name }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await screenshot(page, "oauth-consent-390");

    const back = await decide(page, client, "Deny");
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ error: "access_denied", state: "st" });
  });

  test("the error page for an unregistered redirect_uri is accessible at both sizes and does not redirect", async ({ page, seed }) => {
    const client = await registerClient(seed.db);
    await page.goto(`/oauth/authorize?${authorizeQuery({ ...client, redirectUri: "https://evil.example/cb" }, { state: "x" })}`);
    await expect(page.getByRole("heading", { level: 1, name: "Unregistered return address" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/oauth/authorize");
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await screenshot(page, "oauth-error");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await screenshot(page, "oauth-error-390");
  });

  test("the consent form works without JavaScript", async ({ browser, seed, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      const org = await seed.org();
      const client = await registerClient(seed.db);
      await signInApi(context.request, org);
      const page = await context.newPage();
      await interceptCallback(page);
      await page.goto(`/oauth/authorize?${authorizeQuery(client, { state: "nojs" })}`);
      const back = await decide(page, client, "Allow");
      expect(back.searchParams.get("state")).toBe("nojs");
      expect(back.searchParams.get("code")).toMatch(/^fh_ac_/);
    } finally {
      await context.close();
    }
  });
});
