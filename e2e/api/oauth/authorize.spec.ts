import { eq } from "drizzle-orm";
import { memberships, oauthAuthorizationCodes } from "../../../db/schema";
import { hashSecret } from "../../../server/oauth/secrets";
import type { APIRequestContext } from "@playwright/test";
import { expect, test, type Seed } from "../../fixtures";
import { allow, authorizeQuery, consentOf, getAuthorize, postDecision, registerClient, signInApi, type TestClient } from "../../oauth";

/** The parameters of a redirect's Location, all of them (to see nothing else was added). */
function redirectParams(location: string | undefined, redirectUri: string): Record<string, string> {
  expect(location, "a Location header").toBeTruthy();
  const url = new URL(location!);
  expect(`${url.origin}${url.pathname}`).toBe(redirectUri);
  return Object.fromEntries(url.searchParams);
}

/** The page's visible markup (Next also embeds the request URL in its payload script). */
function mainOf(html: string): string {
  const m = /<main[\s\S]*<\/main>/.exec(html);
  if (!m) throw new Error("no <main> on the page");
  return m[0];
}

const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"; // RFC 7636 appendix B

test.describe("GET /oauth/authorize", () => {
  test("an unknown client or an unregistered redirect_uri gets our error page, never a redirect", async ({ request, seed }) => {
    const client = await registerClient(seed.db, { redirectUris: ["https://platform.example/cb/a", "https://platform.example/cb/b"] });
    const cases: [string, string][] = [
      [authorizeQuery({ ...client, id: "fh_client_unknown" }, { state: "s" }), "Unknown application"],
      // Text no client id can hold never reaches the database (a NUL was a 500).
      [authorizeQuery({ ...client, id: "fh_client_\u0000x" }, { state: "s" }), "Unknown application"],
      [authorizeQuery({ ...client, id: "x".repeat(5000) }, { state: "s" }), "Unknown application"],
      ["response_type=code&redirect_uri=https%3A%2F%2Fplatform.example%2Fcb%2Fa", "This link is incomplete"],
      [authorizeQuery({ ...client, redirectUri: "https://evil.example/cb" }, { state: "s" }), "Unregistered return address"],
      // Exact match only: no prefix, no trailing slash, no extra query.
      [authorizeQuery({ ...client, redirectUri: "https://platform.example/cb/a/" }), "Unregistered return address"],
      [authorizeQuery({ ...client, redirectUri: "https://platform.example/cb/a?x=1" }), "Unregistered return address"],
      // With two registered URIs, leaving redirect_uri out is ambiguous.
      [`response_type=code&client_id=${client.id}`, "This link is incomplete"],
      [`${authorizeQuery(client)}&client_id=${client.id}`, "Malformed request"],
    ];
    for (const [query, title] of cases) {
      const res = await getAuthorize(request, query);
      expect(res.status(), query).toBe(200);
      expect(res.headers()["location"], query).toBeUndefined();
      const html = mainOf(await res.text());
      expect(html, query).toContain(`<h1>${title}</h1>`);
      expect(html).not.toContain("evil.example");
    }
  });

  test("other problems redirect to the redirect_uri with error, error_description, state and iss", async ({ request, seed, baseURL }) => {
    const client = await registerClient(seed.db);
    const publicClient = await registerClient(seed.db, { public: true });
    const cases: [TestClient, Record<string, string>, Record<string, string>][] = [
      [
        client,
        { response_type: "token" },
        { error: "unsupported_response_type", error_description: "Only response_type=code is supported" },
      ],
      [client, { response_type: "" }, { error: "invalid_request", error_description: "response_type is required" }],
      [client, { scope: "forms:read forms:write" }, { error: "invalid_scope", error_description: "Unknown scope: forms:write" }],
      [client, { scope: "profile:read,admin" }, { error: "invalid_scope", error_description: "Unknown scope: admin" }],
      [client, { code_challenge: CHALLENGE }, { error: "invalid_request", error_description: "code_challenge_method must be S256" }],
      [
        client,
        { code_challenge: CHALLENGE, code_challenge_method: "plain" },
        { error: "invalid_request", error_description: "code_challenge_method must be S256" },
      ],
      [
        client,
        { code_challenge: "short", code_challenge_method: "S256" },
        { error: "invalid_request", error_description: "code_challenge must be a base64url SHA-256 (43 characters)" },
      ],
      [
        client,
        { code_challenge_method: "S256" },
        { error: "invalid_request", error_description: "code_challenge is required with code_challenge_method" },
      ],
      [
        publicClient,
        {},
        { error: "invalid_request", error_description: "This client must use PKCE: send code_challenge with code_challenge_method=S256" },
      ],
    ];
    for (const [c, extra, expected] of cases) {
      const res = await getAuthorize(request, authorizeQuery(c, { state: "st-1", ...extra }));
      expect(res.status(), JSON.stringify(extra)).toBe(307);
      expect(redirectParams(res.headers()["location"], c.redirectUri)).toEqual({ ...expected, state: "st-1", iss: baseURL });
    }
    // A repeated parameter is invalid_request; without state, none is sent back.
    const res = await getAuthorize(request, `${authorizeQuery(client)}&scope=forms:read&scope=profile:read`);
    expect(redirectParams(res.headers()["location"], client.redirectUri)).toEqual({
      error: "invalid_request",
      error_description: "scope is given more than once",
      iss: baseURL,
    });
  });

  test("a signed-out user is sent to sign in and comes back to the same request", async ({ request, seed }) => {
    const client = await registerClient(seed.db);
    const query = authorizeQuery(client, { scope: "forms:read", state: "abc" });
    const res = await getAuthorize(request, query);
    expect(res.status()).toBe(307);
    const location = new URL(res.headers()["location"]!, "http://x");
    expect(location.pathname).toBe("/sign-in");
    expect(location.searchParams.get("callbackUrl")).toBe(`/oauth/authorize?${query}`);
  });

  test("the consent page names the client, the organization, the user and each scope in words", async ({ request, seed }) => {
    const org = await seed.org({ orgName: "Analytical Engines" });
    const client = await registerClient(seed.db, { name: "Make" });
    await signInApi(request, org);
    const res = await getAuthorize(request, authorizeQuery(client, { scope: "forms:read,profile:read" }));
    expect(res.status()).toBe(200);
    // Never framed (clickjacking), never cached.
    expect(res.headers()["x-frame-options"]).toBe("DENY");
    expect(res.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers()["cache-control"]).toContain("no-store");
    const html = mainOf(await res.text());
    expect(html).toContain("<h1>Connect <!-- -->Make</h1>");
    expect(html).toContain("Analytical Engines");
    expect(html).toContain(org.email);
    expect(html).toContain("See your name and email address");
    expect(html).toContain("See the list of your organization&#x27;s forms");
    expect(html).not.toContain("Receive new submissions");
    expect(html).toMatch(/<button(?=[^>]*type="submit")(?=[^>]*name="decision")(?=[^>]*value="deny")[^>]*>Deny<\/button>/);
    expect(html).toMatch(/<button(?=[^>]*type="submit")(?=[^>]*name="decision")(?=[^>]*value="allow")[^>]*>Allow<\/button>/);
    expect(html).toMatch(/<form(?=[^>]*method="post")(?=[^>]*action="\/oauth\/authorize\/decision")[^>]*>/);
  });

  test("Allow redirects with a code and the state; the code is stored hashed with what was asked", async ({ request, seed, baseURL }) => {
    const org = await seed.org();
    const client = await registerClient(seed.db);
    await signInApi(request, org);
    const callback = await allow(request, client, { scope: "forms:read, profile:read", state: "st/ä 1" });
    const params = redirectParams(callback.toString(), client.redirectUri);
    expect(Object.keys(params).sort()).toEqual(["code", "iss", "state"]);
    expect(params.state).toBe("st/ä 1");
    expect(params.iss).toBe(baseURL);
    expect(params.code).toMatch(/^fh_ac_[A-Za-z0-9_-]{43}$/);

    const [stored] = await seed.db
      .select()
      .from(oauthAuthorizationCodes)
      .where(eq(oauthAuthorizationCodes.codeHash, hashSecret(params.code!)));
    expect(stored).toMatchObject({
      userId: org.userId,
      organizationId: org.organizationId,
      scopes: ["profile:read", "forms:read"],
      redirectUri: client.redirectUri,
      redirectUriSent: true,
      codeChallenge: null,
      usedAt: null,
      grantId: null,
    });
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(300_000);
  });

  test("no scope means all three; no state means none comes back; a lone redirect_uri may be left out", async ({
    request,
    seed,
    baseURL,
  }) => {
    const org = await seed.org();
    const client = await registerClient(seed.db);
    await signInApi(request, org);
    const consent = await consentOf(request, `response_type=code&client_id=${client.id}`);
    const res = await postDecision(request, { consent, decision: "allow" });
    const params = redirectParams(res.headers()["location"], client.redirectUri);
    expect(Object.keys(params).sort()).toEqual(["code", "iss"]);
    expect(params.iss).toBe(baseURL);
    const [stored] = await seed.db
      .select()
      .from(oauthAuthorizationCodes)
      .where(eq(oauthAuthorizationCodes.codeHash, hashSecret(params.code!)));
    expect(stored).toMatchObject({ scopes: ["profile:read", "forms:read", "submission:read"], redirectUriSent: false });
  });

  test("Deny redirects with access_denied and the state, and issues no code", async ({ request, seed, baseURL }) => {
    const org = await seed.org();
    const client = await registerClient(seed.db);
    await signInApi(request, org);
    const consent = await consentOf(request, authorizeQuery(client, { state: "xyz" }));
    const res = await postDecision(request, { consent, decision: "deny" });
    expect(res.status()).toBe(302);
    expect(redirectParams(res.headers()["location"], client.redirectUri)).toEqual({
      error: "access_denied",
      error_description: "The user denied access",
      state: "xyz",
      iss: baseURL,
    });
    const codes = await seed.db.select().from(oauthAuthorizationCodes).where(eq(oauthAuthorizationCodes.userId, org.userId));
    expect(codes).toHaveLength(0);
  });
});

test.describe("POST /oauth/authorize/decision (CSRF)", () => {
  async function setUp(request: APIRequestContext, seed: Seed) {
    const org = await seed.org();
    const client = await registerClient(seed.db);
    await signInApi(request, org);
    return { org, client, consent: await consentOf(request, authorizeQuery(client, { state: "s" })) };
  }

  const errorPage = (res: { status(): number; headers(): Record<string, string> }, reason: string) => {
    expect(res.status()).toBe(303);
    expect(res.headers()["location"]).toBe(`/oauth/error?reason=${reason}`);
  };

  test("a cross-site post is refused, by Sec-Fetch-Site or by Origin", async ({ request, seed }) => {
    const { consent, org } = await setUp(request, seed);
    errorPage(await postDecision(request, { consent, decision: "allow" }, { "sec-fetch-site": "cross-site" }), "cross_site");
    errorPage(await postDecision(request, { consent, decision: "allow" }, { origin: "https://evil.example" }), "cross_site");
    errorPage(await postDecision(request, { consent, decision: "allow" }, { origin: "null" }), "cross_site");
    const codes = await seed.db.select().from(oauthAuthorizationCodes).where(eq(oauthAuthorizationCodes.userId, org.userId));
    expect(codes).toHaveLength(0);
  });

  test("a same-origin post without Sec-Fetch-Site passes the Origin check", async ({ request, seed, baseURL }) => {
    const { consent, client } = await setUp(request, seed);
    const res = await postDecision(request, { consent, decision: "allow" }, { origin: baseURL! });
    expect(res.status()).toBe(302);
    expect(new URL(res.headers()["location"]!).searchParams.get("code")).toMatch(/^fh_ac_/);
    expect(res.headers()["location"]!.startsWith(client.redirectUri)).toBe(true);
  });

  test("a forged or altered consent token is refused", async ({ request, seed }) => {
    const { consent } = await setUp(request, seed);
    const [payload, sig] = consent.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const altered = Buffer.from(JSON.stringify({ ...claims, redirectUri: "https://evil.example/cb" })).toString("base64url");
    errorPage(await postDecision(request, { consent: `${altered}.${sig}`, decision: "allow" }), "consent_invalid");
    errorPage(await postDecision(request, { consent: "nonsense", decision: "allow" }), "consent_invalid");
    errorPage(await postDecision(request, { decision: "allow" }), "consent_invalid");
    errorPage(await postDecision(request, { consent, decision: "maybe" }), "consent_invalid");
  });

  test("a consent token is only good for the user it was shown to", async ({ request, seed, playwright, baseURL }) => {
    const { consent } = await setUp(request, seed);
    const other = await playwright.request.newContext({ baseURL });
    try {
      await signInApi(other, await seed.org());
      errorPage(await postDecision(other, { consent, decision: "allow" }), "consent_invalid");
      // Signed out: sign in again, then back to the authorization request it was made for.
      const anonymous = await playwright.request.newContext({ baseURL });
      const res = await postDecision(anonymous, { consent, decision: "allow" });
      expect(res.status()).toBe(302);
      const location = new URL(res.headers()["location"]!, "http://x");
      expect(location.pathname).toBe("/sign-in");
      const back = new URL(location.searchParams.get("callbackUrl")!, "http://x");
      expect(back.pathname).toBe("/oauth/authorize");
      expect(back.searchParams.get("state")).toBe("s");
      await anonymous.dispose();
    } finally {
      await other.dispose();
    }
  });

  test("a session whose membership is gone cannot consent: sign in again", async ({ request, seed }) => {
    const { consent, org } = await setUp(request, seed);
    await seed.db.delete(memberships).where(eq(memberships.userId, org.userId));
    const res = await postDecision(request, { consent, decision: "allow" });
    expect(res.status()).toBe(302);
    const location = new URL(res.headers()["location"]!, "http://x");
    expect(location.pathname).toBe("/sign-in");
    expect(location.searchParams.get("error")).toBe("SessionExpired");
    expect(await seed.db.select().from(oauthAuthorizationCodes).where(eq(oauthAuthorizationCodes.userId, org.userId))).toHaveLength(0);
  });

  test("the error page says what went wrong and nothing from the request", async ({ request }) => {
    const res = await request.get("/oauth/error?reason=cross_site");
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain("<h1>Request refused</h1>");
    const unknown = await request.get("/oauth/error?reason=%3Cscript%3E");
    expect(await unknown.text()).toContain("<h1>This approval could not be accepted</h1>");
  });
});
