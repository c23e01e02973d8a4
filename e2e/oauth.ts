import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
import * as oauth from "oauth4webapi";
import type { Db } from "../db";
import type { Seed, SeededOrg } from "./fixtures";
import { createOAuthClient } from "../server/oauth/clients";

/**
 * OAuth test helpers: register a client through the product's service, sign a user in through
 * next-auth's own endpoint, walk the consent page without a browser, and talk to the token
 * endpoint either raw (to see exact error bodies) or through oauth4webapi, a real client library.
 */

/** Never dialled by API tests (they read the Location header); the UI test intercepts it. */
export const CALLBACK_ORIGIN = "http://127.0.0.1:65530";

export type TestClient = { id: string; secret?: string; redirectUri: string; name: string };

export async function registerClient(db: Db, opts: { public?: boolean; redirectUris?: string[]; name?: string } = {}): Promise<TestClient> {
  const redirectUris = opts.redirectUris ?? [`${CALLBACK_ORIGIN}/callback/${randomUUID()}`];
  const name = opts.name ?? "Test Platform";
  const { clientId, clientSecret } = await createOAuthClient(db, { name, redirectUris, isPublic: Boolean(opts.public) });
  return { id: clientId, secret: clientSecret, redirectUri: redirectUris[0]!, name };
}

/** Signs `request` in through next-auth's credentials endpoint; the session cookie stays in its jar. */
export async function signInApi(request: APIRequestContext, user: { email: string; password: string }) {
  const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
  const res = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: user.email, password: user.password, json: "true" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(200);
  const cookies = await request.storageState();
  expect(cookies.cookies.some((c) => c.name.endsWith("next-auth.session-token"))).toBe(true);
}

/** The authorize URL's query for `client`, with `extra` added (undefined values left out). */
export function authorizeQuery(client: TestClient, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams({ response_type: "code", client_id: client.id, redirect_uri: client.redirectUri });
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) params.set(k, v);
  return params.toString();
}

/** GET /oauth/authorize without following redirects. */
export function getAuthorize(request: APIRequestContext, query: string) {
  return request.get(`/oauth/authorize?${query}`, { maxRedirects: 0 });
}

/** The signed consent token of a consent page. */
export async function consentOf(request: APIRequestContext, query: string): Promise<string> {
  const res = await getAuthorize(request, query);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const m = /name="consent" value="([^"]+)"/.exec(html);
  if (!m) throw new Error(`no consent form on the page:\n${html.slice(0, 500)}`);
  return m[1]!;
}

/** Posts the consent form as a browser on the same site does. */
export function postDecision(
  request: APIRequestContext,
  form: Record<string, string>,
  headers: Record<string, string> = { "sec-fetch-site": "same-origin" },
) {
  return request.post("/oauth/authorize/decision", { form, headers, maxRedirects: 0 });
}

/** Consent page, Allow, and the redirect back: the callback URL the client receives. */
export async function allow(request: APIRequestContext, client: TestClient, extra: Record<string, string | undefined> = {}): Promise<URL> {
  const consent = await consentOf(request, authorizeQuery(client, extra));
  const res = await postDecision(request, { consent, decision: "allow" });
  expect(res.status()).toBe(302);
  return new URL(res.headers()["location"]!);
}

/** The metadata of the server under test, through oauth4webapi's discovery (which checks the issuer). */
export async function discover(baseUrl: string): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(baseUrl);
  const discovery = await oauth.discoveryRequest(issuer, { algorithm: "oauth2", [oauth.allowInsecureRequests]: true });
  return oauth.processDiscoveryResponse(issuer, discovery);
}

/** Options every oauth4webapi request needs here: the test server speaks http on loopback. */
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

export const clientAuth = (client: TestClient) => (client.secret ? oauth.ClientSecretPost(client.secret) : oauth.None());

/** Authorization with PKCE through oauth4webapi: code → tokens. */
export async function connect(
  request: APIRequestContext,
  as: oauth.AuthorizationServer,
  client: TestClient,
  opts: { scope?: string; auth?: oauth.ClientAuth } = {},
): Promise<oauth.TokenEndpointResponse> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const callback = await allow(request, client, {
    scope: opts.scope,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  const c: oauth.Client = { client_id: client.id };
  const params = oauth.validateAuthResponse(as, c, callback, state);
  const auth = opts.auth ?? clientAuth(client);
  const res = await oauth.authorizationCodeGrantRequest(as, c, auth, params, client.redirectUri, verifier, insecure);
  return oauth.processAuthorizationCodeResponse(as, c, res);
}

/** A new organization whose user connected a new client (all scopes unless `scope`), with PKCE. */
export async function connectNewUser(
  request: APIRequestContext,
  seed: Seed,
  baseUrl: string,
  opts: { scope?: string } = {},
): Promise<{ org: SeededOrg; client: TestClient; as: oauth.AuthorizationServer; tokens: oauth.TokenEndpointResponse }> {
  const org = await seed.org();
  const client = await registerClient(seed.db);
  await signInApi(request, org);
  const as = await discover(baseUrl);
  return { org, client, as, tokens: await connect(request, as, client, { scope: opts.scope }) };
}

export async function refresh(
  as: oauth.AuthorizationServer,
  client: TestClient,
  refreshToken: string,
): Promise<oauth.TokenEndpointResponse> {
  const c: oauth.Client = { client_id: client.id };
  return oauth.processRefreshTokenResponse(as, c, await oauth.refreshTokenGrantRequest(as, c, clientAuth(client), refreshToken, insecure));
}

export type HttpAnswer = { status: number; body: any; headers: Record<string, string> };

async function answer(res: { status(): number; text(): Promise<string>; headers(): Record<string, string> }): Promise<HttpAnswer> {
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: res.status(), body, headers: res.headers() };
}

/** A raw token (or revocation) endpoint request: form-encoded, credentials where asked. */
export async function postForm(
  request: APIRequestContext,
  path: "/oauth/token" | "/oauth/revoke",
  form: Record<string, string>,
  opts: { basic?: [string, string]; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", ...opts.headers };
  if (opts.basic) {
    const enc = (s: string) => encodeURIComponent(s);
    headers.authorization = `Basic ${Buffer.from(`${enc(opts.basic[0])}:${enc(opts.basic[1])}`).toString("base64")}`;
  }
  // A Buffer goes byte for byte (Playwright would re-encode a string sent as JSON).
  return answer(await request.post(path, { headers, data: Buffer.from(opts.body ?? new URLSearchParams(form).toString()) }));
}

/** A raw refresh_token grant of `client`, its credentials in the body. */
export function postRefresh(request: APIRequestContext, client: TestClient, refreshToken: string): Promise<HttpAnswer> {
  return postForm(request, "/oauth/token", {
    grant_type: "refresh_token",
    refresh_token: refreshToken,
    client_id: client.id,
    client_secret: client.secret!,
  });
}

/** A connector API call with a bearer token (or none). */
export async function connectorGet(
  request: APIRequestContext,
  path: string,
  token?: string | null,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  return answer(
    await request.get(`/connector${path}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } }),
  );
}
