/**
 * The security headers of every response, decided in one place (proxy.ts applies them).
 *
 * Survey pages (/f/…, /u/…) are embedded in owners' sites, so any site may frame them unless
 * the form lists `embedOrigins` (then exactly those); everything else (the dashboard above all)
 * may be framed by no one. Change who may embed survey pages here, and only here.
 */
import "server-only";
import { env } from "@/server/env";
import { REST_MOUNTS } from "@/server/rest/mounts";
import { bodyKind } from "./body-kind";

const SURVEY_PAGE = /^\/(f|u)\//;
export const SURVEY_FRAME_ANCESTORS = "*";

export const isSurveyPage = (pathname: string) => SURVEY_PAGE.test(pathname);
const isConsentPage = (pathname: string) => pathname === "/oauth/authorize";

/**
 * Paths only route handlers answer, none of which renders a page (the REST surfaces, tRPC,
 * next-auth, health, the OAuth token endpoints and metadata): nothing behind them reads the
 * script nonce from the request, so proxy.ts leaves their request as it came (their response
 * gets every header). Any other path may render a page, if only the 404 page.
 */
const NO_PAGE_PREFIXES = [...Object.values(REST_MOUNTS).map((m) => `${m.prefix}/`), "/api/trpc/", "/api/auth/", "/files/"];
const NO_PAGE_PATHS = new Set(["/api/health", "/api/ready", "/oauth/token", "/oauth/revoke", "/.well-known/oauth-authorization-server"]);
/** A survey submit with a JSON body is answered in JSON, whatever happens (app/_survey/survey-routes.ts). */
const SUBMIT_PATH = /^\/(f|u)\/[^/]+\/submit$/;

export const rendersNoPage = (pathname: string, contentType?: string | null) =>
  NO_PAGE_PATHS.has(pathname) ||
  NO_PAGE_PREFIXES.some((p) => pathname.startsWith(p)) ||
  (SUBMIT_PATH.test(pathname) && bodyKind(contentType) === "json");

/** Browser features no page of ours uses; denied so an injected script cannot use them either. */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
].join(", ");

export type SecurityHeaderOptions = {
  pathname: string;
  /** Per-request script nonce: Next puts it on its own scripts (it reads it from the request's CSP). */
  nonce: string;
  /** APP_URL is https: browsers are told to keep to https (HSTS) and upgrade stray http requests. */
  https: boolean;
  /** `next dev` needs eval for its error overlay and stack reconstruction. */
  dev: boolean;
  /** A survey page's form (server/services/publishing/frame-policy.ts): who may frame it, whether it loads a CAPTCHA. */
  survey?: { frameAncestors: readonly string[] | null; captcha: boolean };
};

/** What a survey page's CAPTCHA needs beyond the page's own origin (server/services/publishing/captcha.ts). */
const CAPTCHA_FRAMES = "frame-src 'self' https://challenges.cloudflare.com https://*.hcaptcha.com";

/** An uploaded file's download (app/files/[fileId]/route.ts): never a page of this origin, whatever its bytes. */
const FILE_DOWNLOAD = /^\/files\//;
const DOWNLOAD_POLICY = "default-src 'none'; sandbox; frame-ancestors 'none'; form-action 'none'; base-uri 'none'";

export function contentSecurityPolicy({ pathname, nonce, https, dev, survey: form }: SecurityHeaderOptions): string {
  if (FILE_DOWNLOAD.test(pathname)) return DOWNLOAD_POLICY;
  const survey = isSurveyPage(pathname);
  const frameAncestors = form?.frameAncestors;
  const directives = [
    "default-src 'self'",
    // Only scripts carrying this response's nonce, and what they load (Next's chunks).
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // Style attributes (React's style={…}) cannot carry a nonce; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // The consent form's answer redirects to the client's registered redirect_uri, another
    // origin; browsers apply form-action to that redirect too, so the consent page sets none.
    ...(isConsentPage(pathname) ? [] : ["form-action 'self'"]),
    // A form with a CAPTCHA: ALTCHA's proof of work runs in a worker file of this origin; vendor CAPTCHAs frame their own.
    ...(survey && form?.captcha ? ["worker-src 'self'", CAPTCHA_FRAMES] : []),
    `frame-ancestors ${survey ? (frameAncestors?.length ? frameAncestors.join(" ") : SURVEY_FRAME_ANCESTORS) : "'none'"}`,
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

export function securityHeaders(opts: SecurityHeaderOptions): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(opts),
    // Older browsers without frame-ancestors: the same rule.
    ...(isSurveyPage(opts.pathname) ? {} : { "X-Frame-Options": "DENY" }),
    // Capability URLs (/u/<link>) must not leak to other sites through Referer.
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "Permissions-Policy": PERMISSIONS_POLICY,
    ...(opts.https ? { "Strict-Transport-Security": "max-age=31536000" } : {}),
  };
}

/** 128 random bits, base64: unguessable per response. */
/** The headers of an answer to `pathname` under this instance's settings, with a fresh nonce. */
export function responseSecurityHeaders(pathname: string, survey?: SecurityHeaderOptions["survey"]): Record<string, string> {
  return securityHeaders({
    pathname,
    survey,
    nonce: newNonce(),
    https: env().APP_URL.startsWith("https:"),
    dev: process.env.NODE_ENV === "development",
  });
}

/** The script nonce a CSP carries (`'nonce-…'`), e.g. the one proxy.ts put on the request; undefined when none. */
export const cspNonce = (policy: string | null | undefined): string | undefined => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];

export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
