import "server-only";
import type { Db } from "@/db";
import { OAUTH_PATHS, SIGN_IN_PATH } from "@/lib/app-paths";
import { findAccount } from "@/server/services/users/get-account";
import type { SessionUser } from "@/server/services/users/session-user";
import { findMemberGrant } from "@/server/services/members/member-grant";
import { API_SCOPE_DESCRIPTIONS, type V2Scope } from "@/lib/scopes/token-scopes";
import { scopesWithinRole } from "@/lib/scopes/mcp-scopes";
import { checkAuthorizationRequest, clientRedirect, type RawParams } from "./authorization-request";
import { findOAuthClientById } from "./clients";
import { issueAuthorizationCode } from "./codes";
import { signConsent, verifyConsent, type ConsentClaims } from "./consent-token";
import type { ErrorPageReason } from "./error-pages";
import { isConnectorScope, SCOPE_DESCRIPTIONS } from "@/lib/scopes/connector-scopes";

/**
 * The user's side of `/oauth/authorize`: sign in, the consent page, and its Allow / Deny post,
 * which issues the code (RFC 6749 §4.1.2) or answers access_denied.
 */

/** `/oauth/authorize?…` with the given parameters: where a signed-out user comes back to. */
function authorizePath(params: Iterable<[string, string]>): string {
  return `${OAUTH_PATHS.authorize}?${new URLSearchParams([...params]).toString()}`;
}

const signInPath = (returnTo: string, error?: string) =>
  `${SIGN_IN_PATH}?${new URLSearchParams({ ...(error ? { error } : {}), callbackUrl: returnTo }).toString()}`;

export type ConsentView = {
  kind: "consent";
  clientName: string;
  /** The client registered itself (an MCP client): its name is its own claim, unverified. */
  unverified: boolean;
  /** What it connects to: the connector (automation platforms) or the MCP endpoint (assistants). */
  resource: "connector" | "mcp";
  /** Where the user goes back to afterwards (the redirect URI's host), as a phishing check. */
  returnHost: string;
  organizationName: string;
  userEmail: string;
  scopes: { scope: string; description: string }[];
  /** Signed consent token for the form's hidden field. */
  consent: string;
};

export type AuthorizePage = { kind: "error-page"; reason: ErrorPageReason } | { kind: "redirect"; url: string } | ConsentView;

/**
 * What `GET /oauth/authorize` shows: our error page, a redirect (to the client with an error,
 * or to sign-in and back here), or the consent page for the signed-in user.
 */
export async function authorizePage(db: Db, raw: RawParams, user: SessionUser | null): Promise<AuthorizePage> {
  const checked = await checkAuthorizationRequest(db, raw);
  if (checked.kind !== "valid") return checked;
  const returnTo = authorizePath(
    Object.entries(raw).flatMap(([k, v]) => (v === undefined ? [] : [v].flat().map((x): [string, string] => [k, x]))),
  );
  if (!user) return { kind: "redirect", url: signInPath(returnTo) };
  const account = await findAccount(db, user);
  if (!account) return { kind: "redirect", url: signInPath(returnTo, "SessionExpired") };

  const { request } = checked;
  // An assistant gets no more than the member's role allows (lib/scopes/mcp-scopes.ts).
  let scopes = request.scopes;
  if (request.resource !== null) {
    const member = await findMemberGrant(db, user);
    if (!member) return { kind: "redirect", url: signInPath(returnTo, "SessionExpired") };
    scopes = scopesWithinRole(member, scopes);
  }
  const consent = await signConsent(db, {
    client: request.client.id,
    clientId: request.client.clientId,
    redirectUri: request.redirectUri,
    redirectUriSent: request.redirectUriSent,
    scopes,
    resource: request.resource,
    state: request.state,
    codeChallenge: request.codeChallenge,
    user: account.userId,
    org: account.organization.id,
  });
  return {
    kind: "consent",
    clientName: request.client.name,
    unverified: request.client.registered,
    resource: request.resource === null ? "connector" : "mcp",
    returnHost: new URL(request.redirectUri).host,
    organizationName: account.organization.name,
    userEmail: account.email,
    scopes: scopes.map((scope) => ({
      scope,
      description: isConnectorScope(scope) ? SCOPE_DESCRIPTIONS[scope] : API_SCOPE_DESCRIPTIONS[scope as V2Scope],
    })),
    consent,
  };
}

/** The authorize URL a consent token was made for: to start again after signing in. */
function restartPath(c: ConsentClaims): string {
  const params: [string, string][] = [
    ["response_type", "code"],
    ["client_id", c.clientId],
    ["scope", c.scopes.join(" ")],
  ];
  if (c.resource) params.push(["resource", c.resource]);
  if (c.redirectUriSent) params.push(["redirect_uri", c.redirectUri]);
  if (c.state !== undefined) params.push(["state", c.state]);
  if (c.codeChallenge !== undefined) params.push(["code_challenge", c.codeChallenge], ["code_challenge_method", "S256"]);
  return authorizePath(params);
}

export type DecisionInput = {
  consent: string | null;
  decision: string | null;
  user: SessionUser | null;
  /** Request headers that tell a same-site form post from a cross-site one. */
  fetchSite: string | null;
  origin: string | null;
  hosts: string[];
};

export type Decision = { kind: "redirect"; url: string } | { kind: "error-page"; reason: ErrorPageReason };

/** Sec-Fetch-Site where the browser sends it, else Origin against our own host. */
function isCrossSite(input: DecisionInput): boolean {
  if (input.fetchSite) return input.fetchSite !== "same-origin";
  if (!input.origin) return false;
  try {
    return !input.hosts.includes(new URL(input.origin).host);
  } catch {
    return true; // `Origin: null` (sandboxed or privacy-redirected): not our page.
  }
}

/**
 * The consent form's post: Allow issues a code, Deny answers access_denied; both go back to
 * the client's redirect URI with its state. Refused with our error page when the post is
 * cross-site, the consent token is forged, stale or another user's, or the client is gone.
 */
export async function decideConsent(db: Db, input: DecisionInput): Promise<Decision> {
  if (isCrossSite(input)) return { kind: "error-page", reason: "cross_site" };
  const claims = input.consent ? await verifyConsent(db, input.consent) : null;
  if (claims === "expired") return { kind: "error-page", reason: "consent_expired" };
  if (!claims) return { kind: "error-page", reason: "consent_invalid" };
  if (!input.user) return { kind: "redirect", url: signInPath(restartPath(claims), "SessionRequired") };
  if (input.user.userId !== claims.user || input.user.organizationId !== claims.org)
    return { kind: "error-page", reason: "consent_invalid" };
  // The session may outlive the account or its membership: then nobody is there to consent.
  if (!(await findAccount(db, input.user))) return { kind: "redirect", url: signInPath(restartPath(claims), "SessionExpired") };
  const client = await findOAuthClientById(db, claims.client);
  if (!client || !client.redirectUris.includes(claims.redirectUri)) return { kind: "error-page", reason: "unknown_client" };

  if (input.decision === "deny") {
    return {
      kind: "redirect",
      url: clientRedirect(claims.redirectUri, { error: "access_denied", error_description: "The user denied access", state: claims.state }),
    };
  }
  if (input.decision !== "allow") return { kind: "error-page", reason: "consent_invalid" };
  const code = await issueAuthorizationCode(db, {
    clientId: client.id,
    userId: claims.user,
    organizationId: claims.org,
    scopes: claims.scopes,
    redirectUri: claims.redirectUri,
    redirectUriSent: claims.redirectUriSent,
    codeChallenge: claims.codeChallenge ?? null,
    resource: claims.resource ?? null,
  });
  return { kind: "redirect", url: clientRedirect(claims.redirectUri, { code, state: claims.state }) };
}
