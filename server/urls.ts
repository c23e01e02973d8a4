import "server-only";
import { env } from "@/server/env";
import {
  CONFIRM_EMAIL_PATH,
  CONNECTOR_PREFIX,
  MCP_PATH,
  DOCS_PATH,
  invitationPath,
  OAUTH_PATHS,
  previewImagePath,
  RESET_PASSWORD_PATH,
  surveyPath,
  surveyResumePath,
  uniqueLinkPath,
  uniqueLinkResumePath,
} from "@/lib/app-paths";

/** Every absolute URL the app hands out, built on APP_URL in one place. */

/** A form's survey page. */
export const surveyUrl = (formUuid: string) => `${env().APP_URL}${surveyPath(formUuid)}`;

/** Survey URL of a prefill: the form's page with `_prefill`. */
export const prefillUrl = (formUuid: string, prefillId: string) => `${surveyUrl(formUuid)}?_prefill=${prefillId}`;

/** Survey URL of a unique link. */
export const uniqueLinkUrl = (linkId: string) => `${env().APP_URL}${uniqueLinkPath(linkId)}`;

/** Absolute URL of a form's preview image (`preview_image_url` of `GET /api/v1/forms`). */
export const previewImageUrl = (formUuid: string) => `${env().APP_URL}${previewImagePath(formUuid)}`;

/** The OAuth issuer identifier (RFC 8414 §2): the service's base URL. */
export const oauthIssuer = () => env().APP_URL;

/** Absolute URLs of the OAuth endpoints (metadata, OpenAPI security scheme, docs). */
export const oauthUrl = (endpoint: keyof typeof OAUTH_PATHS) => `${env().APP_URL}${OAUTH_PATHS[endpoint]}`;

/** The connector API's base URL. */
export const connectorBaseUrl = () => `${env().APP_URL}${CONNECTOR_PREFIX}`;

/** The API reference. */
/** The MCP endpoint an assistant is configured with. */
export const mcpUrl = () => `${env().APP_URL}${MCP_PATH}`;

/** Its protected-resource metadata (RFC 9728), the path form for the MCP endpoint. */
export const mcpResourceMetadataUrl = () => `${env().APP_URL}/.well-known/oauth-protected-resource${MCP_PATH}`;

export const docsUrl = () => `${env().APP_URL}${DOCS_PATH}`;

/** The one-time link of a password reset mail (and of `npm run admin -- reset-link`). */
export const passwordResetUrl = (token: string) => `${env().APP_URL}${RESET_PASSWORD_PATH}?token=${token}`;

/** The one-time link that confirms a new sign-in email, mailed to that address. */
export const confirmEmailUrl = (token: string) => `${env().APP_URL}${CONFIRM_EMAIL_PATH}?token=${token}`;

/** The one-time link of an invitation to join an organization. */
export const invitationUrl = (token: string) => `${env().APP_URL}${invitationPath(token)}`;

/** The link of a "Save and continue later" mail: the form's own, or the unique link's for a unique link's respondent. */
export const resumeLinkUrl = (ref: { formUuid: string } | { linkId: string }, token: string) =>
  `${env().APP_URL}${"linkId" in ref ? uniqueLinkResumePath(ref.linkId, token) : surveyResumePath(ref.formUuid, token)}`;
