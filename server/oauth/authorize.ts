import type { Db } from "@/db";
import { OAUTH_PATHS, SIGN_IN_PATH } from "@/server/paths";
import { findAccount } from "@/server/services/users/get-account";
import type { SessionUser } from "@/server/services/users/session-user";
import { oauthIssuer } from "@/server/urls";
import { findOAuthClient, findOAuthClientById, isPublicClient } from "./clients";
import { issueAuthorizationCode } from "./codes";
import { signConsent, verifyConsent, type ConsentClaims } from "./consent-token";
import type { OAuthErrorCode } from "./errors";
import { S256_CHALLENGE_RE } from "./pkce";
import { parseScopeParam, SCOPE_DESCRIPTIONS } from "./scopes";
import type { ConnectorScope } from "@/server/services/tokens/scopes";

/**
 * `GET /oauth/authorize` and the consent decision (RFC 6749 §4.1.1–4.1.2, RFC 9700 §2.1).
 * A request whose client or redirect URI cannot be trusted gets an error page of ours and is
 * never redirected (§4.1.2.1); any other problem goes back to the client's redirect URI.
 */

/** Errors shown on our own page, by reason. Nothing from the request is echoed. */
export const ERROR_PAGES = {
  missing_client: {
    title: "This link is incomplete",
    text: "The application did not say which application it is (client_id is missing). Go back to it and start connecting again.",
  },
  unknown_client: {
    title: "Unknown application",
    text: "No application with this client_id is registered on this Formhouse server. Ask the application's provider or this server's operator to check the connection settings.",
  },
  missing_redirect_uri: {
    title: "This link is incomplete",
    text: "The application did not say where to send you back (redirect_uri is missing). Go back to it and start connecting again.",
  },
  redirect_uri_mismatch: {
    title: "Unregistered return address",
    text: "The application asked to send you back to an address (redirect_uri) that is not registered for it, so Formhouse will not send you there.",
  },
  duplicate_parameter: {
    title: "Malformed request",
    text: "The application sent client_id or redirect_uri more than once. Go back to it and start connecting again.",
  },
  consent_expired: {
    title: "This page has expired",
    text: "The approval page was open for too long. Go back to the application and connect again.",
  },
  consent_invalid: {
    title: "This approval could not be accepted",
    text: "It was not made on this server's approval page for the account that is signed in. Go back to the application and connect again.",
  },
  cross_site: {
    title: "Request refused",
    text: "The approval did not come from Formhouse's own page, so it was not accepted.",
  },
} as const;

export type ErrorPageReason = keyof typeof ERROR_PAGES;

type RawParams = Record<string, string | string[] | undefined>;

export type AuthorizationRequest = {
  client: { id: number; clientId: string; name: string };
  redirectUri: string;
  redirectUriSent: boolean;
  scopes: ConnectorScope[];
  state?: string;
  codeChallenge?: string;
};

type Checked =
  | { kind: "error-page"; reason: ErrorPageReason }
  | { kind: "redirect"; url: string }
  | { kind: "valid"; request: AuthorizationRequest };

/**
 * The client's redirect URI with response parameters added to its own query (§3.1.2), plus
 * `iss` (RFC 9207), so a client talking to several servers knows which one answered.
 */
export function clientRedirect(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  url.searchParams.set("iss", oauthIssuer());
  return url.toString();
}

const REDIRECTED_PARAMS = ["response_type", "scope", "state", "code_challenge", "code_challenge_method"] as const;

/** Checks an authorization request in RFC order: the client and its redirect URI first. */
export async function checkAuthorizationRequest(db: Db, raw: RawParams): Promise<Checked> {
  const clientIdParam = raw.client_id;
  const redirectParam = raw.redirect_uri;
  if (Array.isArray(clientIdParam) || Array.isArray(redirectParam)) return { kind: "error-page", reason: "duplicate_parameter" };
  if (!clientIdParam) return { kind: "error-page", reason: "missing_client" };
  const client = await findOAuthClient(db, clientIdParam);
  if (!client) return { kind: "error-page", reason: "unknown_client" };

  // redirect_uri may be left out when exactly one is registered (§3.1.2.3).
  let redirectUri: string;
  if (redirectParam) {
    if (!client.redirectUris.includes(redirectParam)) return { kind: "error-page", reason: "redirect_uri_mismatch" };
    redirectUri = redirectParam;
  } else {
    if (client.redirectUris.length !== 1) return { kind: "error-page", reason: "missing_redirect_uri" };
    redirectUri = client.redirectUris[0]!;
  }

  // From here on, errors are the client's to handle: back to its redirect URI, with the state.
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;
  const state = first(raw.state);
  const fail = (error: OAuthErrorCode, description: string): Checked => ({
    kind: "redirect",
    url: clientRedirect(redirectUri, { error, error_description: description, state }),
  });
  const repeated = REDIRECTED_PARAMS.find((p) => Array.isArray(raw[p]));
  if (repeated) return fail("invalid_request", `${repeated} is given more than once`);

  const responseType = first(raw.response_type);
  if (!responseType) return fail("invalid_request", "response_type is required");
  if (responseType !== "code") return fail("unsupported_response_type", "Only response_type=code is supported");

  const scope = parseScopeParam(first(raw.scope));
  if (!scope.ok) return fail("invalid_scope", `Unknown scope: ${scope.unknown.join(", ")}`);

  const challenge = first(raw.code_challenge);
  const method = first(raw.code_challenge_method);
  if (challenge === undefined && method !== undefined) return fail("invalid_request", "code_challenge is required with code_challenge_method");
  if (challenge !== undefined) {
    // Without a method the challenge would be `plain` (RFC 7636 §4.3), which is not supported.
    if (method !== "S256") return fail("invalid_request", "code_challenge_method must be S256");
    if (!S256_CHALLENGE_RE.test(challenge)) return fail("invalid_request", "code_challenge must be a base64url SHA-256 (43 characters)");
  } else if (isPublicClient(client)) {
    return fail("invalid_request", "This client must use PKCE: send code_challenge with code_challenge_method=S256");
  }

  return {
    kind: "valid",
    request: {
      client: { id: client.id, clientId: client.clientId, name: client.name },
      redirectUri,
      redirectUriSent: Boolean(redirectParam),
      scopes: scope.scopes,
      state,
      codeChallenge: challenge,
    },
  };
}

/** `/oauth/authorize?…` with the given parameters: where a signed-out user comes back to. */
function authorizePath(params: Iterable<[string, string]>): string {
  return `${OAUTH_PATHS.authorize}?${new URLSearchParams([...params]).toString()}`;
}

const signInPath = (returnTo: string, error?: string) =>
  `${SIGN_IN_PATH}?${new URLSearchParams({ ...(error ? { error } : {}), callbackUrl: returnTo }).toString()}`;

export type ConsentView = {
  kind: "consent";
  clientName: string;
  /** Where the user goes back to afterwards (the redirect URI's host), as a phishing check. */
  returnHost: string;
  organizationName: string;
  userEmail: string;
  scopes: { scope: ConnectorScope; description: string }[];
  /** Signed consent token for the form's hidden field. */
  consent: string;
};

export type AuthorizePage = Exclude<Checked, { kind: "valid" }> | ConsentView;

/**
 * What `GET /oauth/authorize` shows: our error page, a redirect (to the client with an error,
 * or to sign-in and back here), or the consent page for the signed-in user.
 */
export async function authorizePage(db: Db, raw: RawParams, user: SessionUser | null): Promise<AuthorizePage> {
  const checked = await checkAuthorizationRequest(db, raw);
  if (checked.kind !== "valid") return checked;
  const returnTo = authorizePath(Object.entries(raw).flatMap(([k, v]) => (v === undefined ? [] : [v].flat().map((x): [string, string] => [k, x]))));
  if (!user) return { kind: "redirect", url: signInPath(returnTo) };
  const account = await findAccount(db, user);
  if (!account) return { kind: "redirect", url: signInPath(returnTo, "SessionExpired") };

  const { request } = checked;
  const consent = await signConsent(db, {
    client: request.client.id,
    clientId: request.client.clientId,
    redirectUri: request.redirectUri,
    redirectUriSent: request.redirectUriSent,
    scopes: request.scopes,
    state: request.state,
    codeChallenge: request.codeChallenge,
    user: account.userId,
    org: account.organization.id,
  });
  return {
    kind: "consent",
    clientName: request.client.name,
    returnHost: new URL(request.redirectUri).host,
    organizationName: account.organization.name,
    userEmail: account.email,
    scopes: request.scopes.map((scope) => ({ scope, description: SCOPE_DESCRIPTIONS[scope] })),
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
  if (input.user.userId !== claims.user || input.user.organizationId !== claims.org) return { kind: "error-page", reason: "consent_invalid" };
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
  });
  return { kind: "redirect", url: clientRedirect(claims.redirectUri, { code, state: claims.state }) };
}
