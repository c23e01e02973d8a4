/**
 * The app's own paths, safe to import from client components. server/urls.ts turns the public
 * ones into absolute URLs.
 */
export const SIGN_IN_PATH = "/sign-in";
export const SIGN_UP_PATH = "/sign-up";
/** The sign-in or sign-up page that returns to `callbackUrl` (a path of this app) once signed in; plain without one. */
export const withCallback = (page: string, callbackUrl: string | null | undefined) =>
  callbackUrl && callbackUrl !== "/forms" ? `${page}?${new URLSearchParams({ callbackUrl })}` : page;
/** The request header by which the request hook tells a page its own path and query (for a return after signing in). */
export const REQUESTED_PATH_HEADER = "x-formhouse-requested-path";
export const FORMS_PATH = "/forms";
export const ACCOUNT_PATH = "/account";

/** Where a forgotten password is asked for, where the mailed link lands, and where a new email is confirmed. */
export const FORGOT_PASSWORD_PATH = "/forgot-password";
export const RESET_PASSWORD_PATH = "/reset-password";
export const CONFIRM_EMAIL_PATH = "/confirm-email";

/** Settings → Mail: the mail server, test messages and the organization's mail log. */
export const MAIL_SETTINGS_PATH = "/settings/mail";

/** Settings → Members: the organization's members, invitations and what each role may do. */
export const MEMBERS_PATH = "/settings/members";

/** An invitation's page (the link its mail carries): join the organization, signing up or in. */
export const invitationPath = (token: string) => `/invite/${token}`;
/** Settings → Audit log: who did what in the organization, and its CSV download. */
export const AUDIT_LOG_PATH = "/settings/audit";
export const AUDIT_LOG_EXPORT_PATH = "/settings/audit/export";

/** A form's survey page. */
export const surveyPath = (formUuid: string) => `/f/${formUuid}`;

/** A unique link's survey page. */
export const uniqueLinkPath = (linkId: string) => `/u/${linkId}`;

/** The roots of the survey routes (pages, submit endpoints, thank-you pages, preview images). */
export const SURVEY_ROOTS = ["/f", "/u"] as const;

/** Where a survey page posts its answers, and where a form's post lands after it is stored. */
export const surveySubmitPath = (formUuid: string) => `${surveyPath(formUuid)}/submit`;
export const surveyThanksPath = (formUuid: string) => `${surveyPath(formUuid)}/thanks`;
export const uniqueLinkSubmitPath = (linkId: string) => `${uniqueLinkPath(linkId)}/submit`;
/** Where a unique link's recipient lands after sending: a thank-you on the link, never the public form's address. */
export const uniqueLinkThanksPath = (linkId: string) => `${uniqueLinkPath(linkId)}/thanks`;

/** A mailed link to continue a form where it was left (server/services/survey/resume-links.ts): the form's, or a unique link's. */
export const surveyResumePath = (formUuid: string, token: string) => `${surveyPath(formUuid)}/resume/${token}`;
export const uniqueLinkResumePath = (linkId: string, token: string) => `${uniqueLinkPath(linkId)}/resume/${token}`;

/** A form's preview image (served by app/f/[formUuid]/preview.png). */
export const previewImagePath = (formUuid: string) => `${surveyPath(formUuid)}/preview.png`;

/** A signed link that ends one member's mail about one form (server/mail/unsubscribe.ts), and its page. */
export const unsubscribePath = (token: string) => `/mail/unsubscribe/${token}`;

/** The API reference page. */
export const DOCS_PATH = "/docs";

/** The connector API's prefix (server/routers/connector/router.ts) and the OAuth 2.0 endpoints it is authorized by (server/oauth/). */
export const CONNECTOR_PREFIX = "/connector";

/** The MCP endpoint (Streamable HTTP) assistants connect to. */
export const MCP_PATH = "/mcp";

export const OAUTH_PATHS = {
  authorize: "/oauth/authorize",
  /** Where the consent page posts Allow or Deny. */
  decision: "/oauth/authorize/decision",
  /** The error page a broken consent post lands on. */
  error: "/oauth/error",
  token: "/oauth/token",
  revoke: "/oauth/revoke",
  /** Dynamic client registration (RFC 7591), for MCP clients. */
  register: "/oauth/register",
  metadata: "/.well-known/oauth-authorization-server",
} as const;
