import "server-only";
import { API_SCOPE_DESCRIPTIONS, V2_SCOPES } from "@/lib/scopes/token-scopes";
import { tooDeep } from "@/server/http/input-guard";
import { malformedPathMessage } from "@/server/http/malformed-url";
import { BODY_MESSAGES } from "./adapter";

/**
 * The prose of each surface's OpenAPI document: what an integrator reads first. A backslash ending a line
 * inside these templates is a JavaScript line continuation (the backslash and line break are dropped), so a
 * long table row or code span stays one line of markdown.
 */

/** The rules every input obeys on every surface (server/http/input-guard.ts, values.ts, proxy.ts). */
const INPUT_RULES = `
**Input rules**, on every operation, checked after the token (a request without a valid token learns nothing about
its input), each a 400 naming the parameter (a filter by its v2 name):
- no string or key may contain a NUL character (U+0000) or an unpaired UTF-16 surrogate (\`"\\ud800"\` in JSON):
  \`email__contains must not contain NUL characters\`, \`prefills[0].name must not contain unpaired UTF-16 surrogates\`;
- a JSON body is at most 1 MB (413 \`${BODY_MESSAGES.tooLarge}\`), \`application/json\` (415), valid JSON
  (\`${BODY_MESSAGES.invalidJson}\`) and nested at most 64 levels deep (\`${tooDeep().message}\`);
- dates are ISO 8601 with years 0001–9999 as written (\`0050-01-01\` is the year 50); a date-time must also fall in
  those years in UTC (\`9999-12-31T23:00:00-01:00\` is year 10000: refused);
- numbers compare exactly as decimals (\`in_range=0.30000000000000001,0.3\` has min > max);
- a path that is not valid percent-encoded UTF-8 (\`/forms/%zz\`, \`%C0%AF\`) is 400 \`${malformedPathMessage("%zz")}\`
  before anything else, as it cannot be routed;
- a parameter the operation ignores is ignored whatever it holds; one named like a built-in property
  (\`constructor\`, \`toString\`) is a parameter like any other, and one named \`__proto__\` is always ignored.
`.trim();

export const V2_DESCRIPTION = `
The organization-level API. Every request carries \`X-SERVICE-TOKEN: <token>\`; tokens are created on the
dashboard's [API tokens](/tokens) page (or \`npm run admin -- create-token --org <id> --scopes …\`), shown once, stored hashed,
and can be restricted to chosen forms — any other form then answers 404 \`Form not found or not authorized\`.

**Errors** are JSON \`{"message": "…"}\` with the status of the table below; bulk deletes answer 422
\`{"error": "…", "notFoundIds": [...]}\`. A 500 says only \`Internal server error\`; details stay in the server log.

| Status | When |
|---|---|
| 400 | \`Access Token not found\` (no header), \`Invalid token provided\` (not a token), \
invalid parameters or body (see **Input rules**), unknown filter field |
| 401 | \`Invalid access token\` — revoked, inactive or unknown token |
| 403 | \`You do not have permission to perform this action. Required scope: <scope>\` |
| 404 | resource not found, or not visible to this token |
| 413 / 415 | body larger than 1 MB / body that is not JSON (after the token is checked) |
| 429 | \`You have exceeded api rate limit\` — 10 requests per 60 s per token by default; \
\`Retry-After\` and \`RateLimit-*\` headers say when to retry |

${INPUT_RULES}

**Pagination**: 20 items a page, \`page\` is 1-based; a page past the last one is an empty list with the usual \`meta\`.

**Scopes** a token can hold (each operation names the one it needs):

| Scope | Lets the token |
|---|---|
${V2_SCOPES.map((s) => `| \`${s}\` | ${API_SCOPE_DESCRIPTIONS[s]} |`).join("\n")}

**Prefills and unique links**: bulk writes take at most 100 items and are all or nothing — one bad item is a 400 naming
it, and nothing is written. A prefill opens the form at \`{base_url}/f/<form_uuid>?_prefill=<id>\`; a unique link at
\`{base_url}/u/<id>\`. Prefill values are checked against the form's elements (option ids for choice fields, phone dial
codes resolved to a country).

**Submission data** is keyed by element id. Choice values are the option \`value\`s (arrays for multiple-checkbox and
ranking); matrix values are \`{rowId: {columnId: value}}\`; repeat-field values are \`[{componentId: value}]\`;
name and address values are \`{fixedname: value}\`.

**Webhooks** (\`/forms/{form_uuid}/webhooks\`, scopes \`webhook.read\` and \`webhook.write\`): each event is POSTed as JSON
to the webhook's URL as soon as it happens — \`Submission.Created\` for every stored submission that is not spam,
\`Submission.Updated\` when a submission is edited in the dashboard, \`Submission.Deleted\` for every delete (REST v2, v1,
dashboard). The event is written in the same transaction as the change, so none is lost, and an endpoint that is down
gets every event once it is back. The body is the same for the three events (\`Deleted\` carries the submission as it
was; \`data\` is keyed by element id as in v2, \`fields\` by label as in v1):

\`\`\`json
{"event": "Submission.Created", "eventId": "<uuid>", "createdAt": "2030-01-01T12:00:00.000Z", "test": false,
 "form": {"id": 12, "uuid": "<form uuid>", "name": "Contact us"},
 "submission": {"id": "<uuid>", "formId": "<form uuid>", "createdAt": "…", "updatedAt": "…", "spam": false,
                "data": {"email": "ada@example.com"}, "fields": {"Email": "ada@example.com"}}}
\`\`\`

Deliveries follow Standard Webhooks (standardwebhooks.com): headers \`webhook-id\` (the delivery id, the same
on every retry — deduplicate on it), \`webhook-timestamp\` (Unix seconds) and \`webhook-signature\`
(\`v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">\` keyed with the secret's base64 part; after a
rotation, a second \`v1,\` signature with the old secret for 24 hours). Any Standard Webhooks library verifies them
with the \`whsec_…\` secret. Success is a 2xx within 15 s; redirects are not followed. A failure is retried 5 s,
5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h later (with jitter; a \`Retry-After\` on 429/503 is honoured), then
the delivery is \`failed\` and can be retried by hand. \`410 Gone\` disables the webhook at once; so do 5 days in which
every attempt failed — \`disabledReason\` says which. Targets must be public addresses (no loopback, private,
link-local, carrier-grade NAT, multicast or cloud metadata addresses), checked when saved and on every connection.

**Migrating from v1**: change \`/api/v1/\` to \`/api/v2/\`, use an organization-level token, read the named arrays
(\`forms\`, \`submissions\`, …) and pagination from \`meta\`, and pass \`form_id\` or \`form_uuid\` when listing submissions.
Filters address fields by label or element id; an unknown field is a 400 instead of an unfiltered list.
`.trim();

/** What changes from v1 to v2, as a table. Part of the v1 document and the reference page. */
export const V1_TO_V2_MIGRATION = `
## Migrating from v1 to v2

v2 is the organization-level successor of this API; page size is 20 in both. To move an integration:
change \`/api/v1/\` to \`/api/v2/\`, obtain an organization-level token (the dashboard's [API tokens](/tokens) page), read the named arrays
instead of \`results\`, read pagination from \`meta\`, and pass \`form_uuid\` (the v1 form \`id\`) when listing submissions.

| | v1 | v2 |
|---|---|---|
| Base path | \`/api/v1/\` | \`/api/v2/\` |
| Token | issued per form, sees that form only | organization-level (optionally restricted to chosen forms), scoped, usage-tracked |
| Lists | \`results\` with \`count\`, \`total_count\`, \`per_page\`, \`page\` at the top level | \
named arrays (\`forms\`, \`submissions\`, …) with \`meta\` (\`totalCount\`, \`page\`, \`perPage\`) |
| Field names | snake_case (\`created_at\`, \`is_live\`) | camelCase in responses (\`createdAt\`); \
query and body parameters stay snake_case |
| Form \`id\` | the UUID | the numeric id (\`uuid\` beside it); paths accept either |
| Listing submissions | always the token's form | \`form_id\` or \`form_uuid\` is required |
| Submission \`data\` | keyed by field label | keyed by element id (\`GET /api/v2/forms/:id\` lists the elements) |
| Filters | \`{field}=value\` and \`{field}__gte\`, \`__gt\`, \`__lte\`, \`__lt\`; a field that does not exist is ignored | \
\`{field}__{filter_type}\` with 17 types; an unknown field is 400 \`Unknown filter field(s): …\` instead of every submission unfiltered \
(also on a form with no fields) |
| Filter fields | label or element id | label or element id |
| Sort | \`sort\` = a field name, \`created_at\` or \`updated_at\`; \`order\` default asc | \
\`sort\` = created_at, updated_at or duration; \`order\` default desc |
| One submission | the submission at the top level; not found is 400 \`Error while fetching the submission\` | \
\`{submission}\`; not found is 404 \`Submission not found\` |
| Missing scope | 403 \`You do not have permission to view submissions\` | \
403 \`You do not have permission to perform this action. Required scope: <scope>\` |
| Spam flag | \`spam\` on each submission | not part of v2 |
| Prefills, unique links | — | v2 only |
`.trim();

export const V1_DESCRIPTION = `
The legacy per-form API, kept for existing integrations; new integrations should use v2 (see **Migrating from v1 to v2**
below). It runs on the same services as v2 — one token check, one rate limit, one filter engine, one delete.

**Tokens** are issued per form (\`npm run admin -- create-token --form <id> --v1 --scopes form.view,submission.view,submission.delete\`)
and sent as \`X-SERVICE-TOKEN: <token>\`. Scopes: \`form.view\` (GET /forms), \`submission.view\` (GET /submissions,
GET /submissions/:id), \`submission.delete\` (DELETE /submissions/:id). A token sees only its form. A v2 token is refused
here with 401, as a v1 token is by v2.

**Errors** are JSON \`{"message": "…"}\`. A 500 says only \`Internal server error\`; details stay in the server log.

| Status | When |
|---|---|
| 400 | \`Access Token not found\` (no header), \`Invalid token provided\` (not a token), \
\`Error while fetching the submission\` (unknown, malformed or other form's submission id), invalid parameters (see **Input rules**) |
| 401 | \`Invalid access token\` — revoked, inactive or unknown token, or a v2 token |
| 403 | \`You do not have permission to view submissions\` — the one v1 message for every missing scope, whatever the operation |
| 404 | \`Form not found or not authorized\` — listing submissions after the token's form was trashed |
| 429 | \`You have exceeded api rate limit\` — 10 requests per 60 s per token by default, as in v2; \
\`Retry-After\` and \`RateLimit-*\` headers say when to retry |

${INPUT_RULES}

**Lists** are \`{count, total_count, per_page, page, results}\`: 20 items a page (\`per_page\` is accepted and ignored),
\`page\` 1-based; a page past the last one has \`results: []\` and the usual counters.

**Submission data** is keyed by field label, in the form's order, answered fields only; values as in v2 except
name/address values, keyed by their sub-fields' labels. When two fields share a label, the later one is written
\`Label (elementId)\`; a blank label is the element id.

${V1_TO_V2_MIGRATION}
`.trim();

export const CONNECTOR_DESCRIPTION = `
The API an automation platform (Make, Zapier, …) uses on behalf of a Formhouse user: it connects with OAuth 2.0,
checks and labels the connection with \`GET /connector/user\`, and lets the user pick a form from \`GET /connector/forms\`.
Every request carries \`Authorization: Bearer <access token>\`.

## Connecting with OAuth 2.0

The authorization code grant of RFC 6749 with PKCE (RFC 7636, S256) and rotating refresh tokens. Discovery:
\`GET /.well-known/oauth-authorization-server\` (RFC 8414).

- **Register the platform** (operator): \`npm run --silent admin -- create-oauth-client --name "Make" --redirect-uri <uri>\`
  prints \`{"clientId", "clientSecret"}\`; the secret is shown once. \`--public\` registers a client without a secret,
  which must use PKCE. Redirect URIs match exactly; they use https (http only for localhost).
- **Authorize**: send the user to \`GET /oauth/authorize?response_type=code&client_id=…&redirect_uri=…&scope=…&state=…\`
  (add \`code_challenge=…&code_challenge_method=S256\` for PKCE). Scopes are separated by spaces (commas are accepted);
  no scope means all three. The user signs in if needed, sees which organization and what the platform may do, and
  chooses Allow or Deny. Allow redirects to \`redirect_uri?code=…&state=…&iss=…\`; Deny to \`redirect_uri?error=access_denied&state=…\`.
  An unknown \`client_id\` or an unregistered \`redirect_uri\` shows an error page and never redirects; other problems
  (\`unsupported_response_type\`, \`invalid_scope\`, a public client without PKCE) redirect with \`error\` and \`error_description\`.
- **Exchange the code** within 5 minutes: \`POST /oauth/token\`, form-encoded, \`grant_type=authorization_code\`,
  \`code\`, \`redirect_uri\` (as sent to authorize) and \`code_verifier\` (with PKCE). Client credentials go in the body
  (\`client_id\`, \`client_secret\`) or in HTTP Basic. A code works once: using it again revokes what it issued.
- **Refresh**: \`POST /oauth/token\` with \`grant_type=refresh_token&refresh_token=…\`. Every refresh answers a new pair
  and rotates the refresh token. The previous refresh token keeps working for 60 seconds, so two refreshes racing each
  get a working pair; used again after that it is treated as stolen and the connection is revoked.
- **Revoke**: \`POST /oauth/revoke\` with \`token=…\` (RFC 7009). A refresh token ends the whole connection; an access
  token stops alone. People can also end a connection on the dashboard's [Connected apps](/connected-apps) page.
- **Metadata**: \`GET /.well-known/oauth-authorization-server\` (RFC 8414) lists the endpoints, grant types, PKCE
  methods and scopes, e.g. \`{"issuer": "<base url>", "authorization_endpoint": "<base url>/oauth/authorize",
  "token_endpoint": "<base url>/oauth/token", "revocation_endpoint": "<base url>/oauth/revoke", \
"code_challenge_methods_supported": ["S256"], …}\`.

| Endpoint | Method | What it does |
|---|---|---|
| \`/oauth/authorize\` | GET | the consent page: the user signs in and allows or denies the platform |
| \`/oauth/token\` | POST | \`grant_type=authorization_code\` (code → token pair) or \`refresh_token\` (a new pair, rotated) |
| \`/oauth/revoke\` | POST | ends a token (a refresh token: the whole connection); \
200 with no body, known token or not, once the client is authenticated |
| \`/.well-known/oauth-authorization-server\` | GET | the server's metadata (RFC 8414) |

A token response is \`{"access_token", "token_type": "Bearer", "expires_in": 3600, "refresh_token", "scope"}\`
with \`Cache-Control: no-store\`. Token endpoint errors are \`{"error", "error_description"}\`: 400 \`invalid_request\`,
\`invalid_grant\` (bad, expired or used code or refresh token, wrong \`redirect_uri\` or \`code_verifier\`),
\`unsupported_grant_type\`, \`invalid_scope\`; 401 \`{"error": "invalid_client"}\` for wrong client credentials.

| Scope | Allows |
|---|---|
| \`profile:read\` | \`GET /connector/user\` |
| \`forms:read\` | \`GET /connector/forms\` |
| \`submission:read\` | subscribing to new submissions |

## Using the connector API

Access tokens live 1 hour (\`expires_in\`). **Errors** are JSON \`{"error": "…"}\`.

| Status | When |
|---|---|
| 401 | \`Access token required (Authorization: Bearer <token>)\` or \`Invalid or expired access token\` — \
with \`WWW-Authenticate: Bearer …\`; refresh the token and retry |
| 403 | \`The access token lacks the required scope: <scope>\` — with \`WWW-Authenticate: Bearer error="insufficient_scope"\` |
| 429 | \`You have exceeded api rate limit\` — 60 requests per 60 s per connection by default (every access token of one authorization \
counts together); \`Retry-After\` and \`RateLimit-*\` headers say when to retry |
`.trim();
