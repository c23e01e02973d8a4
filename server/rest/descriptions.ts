import { tooDeep } from "@/server/http/input-guard";
import { malformedPathMessage } from "@/server/http/malformed-url";
import { BODY_MESSAGES } from "./adapter";

/** The prose of each surface's OpenAPI document: what an integrator reads first. */

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
dashboard's API page (or \`npm run admin -- create-token --org <id> --scopes …\`), shown once, stored hashed,
and can be restricted to chosen forms — any other form then answers 404 \`Form not found or not authorized\`.

**Errors** are JSON \`{"message": "…"}\` with the status of the table below; bulk deletes answer 422
\`{"error": "…", "notFoundIds": [...]}\`. A 500 says only \`Internal server error\`; details stay in the server log.

| Status | When |
|---|---|
| 400 | \`Access Token not found\` (no header), \`Invalid token provided\` (not a token), invalid parameters or body (see **Input rules**), unknown filter field |
| 401 | \`Invalid access token\` — revoked, inactive or unknown token |
| 403 | \`You do not have permission to perform this action. Required scope: <scope>\` |
| 404 | resource not found, or not visible to this token |
| 413 / 415 | body larger than 1 MB / body that is not JSON (after the token is checked) |
| 429 | \`You have exceeded api rate limit\` — 10 requests per 60 s per token by default; \`Retry-After\` and \`RateLimit-*\` headers say when to retry |

${INPUT_RULES}

**Pagination**: 20 items a page, \`page\` is 1-based; a page past the last one is an empty list with the usual \`meta\`.

**Prefills and unique links**: bulk writes take at most 100 items and are all or nothing — one bad item is a 400 naming
it, and nothing is written. A prefill opens the form at \`{base_url}/f/<form_uuid>?_prefill=<id>\`; a unique link at
\`{base_url}/u/<id>\`. Prefill values are checked against the form's elements (option ids for choice fields, phone dial
codes resolved to a country).

**Submission data** is keyed by element id. Choice values are the option \`value\`s (arrays for multiple-checkbox and
ranking); matrix values are \`{rowId: {columnId: value}}\`; repeat-field values are \`[{componentId: value}]\`;
name and address values are \`{fixedname: value}\`.

**Migrating from v1**: change \`/api/v1/\` to \`/api/v2/\`, use an organization-level token, read the named arrays
(\`forms\`, \`submissions\`, …) and pagination from \`meta\`, and pass \`form_id\` or \`form_uuid\` when listing submissions.
Filters address fields by label or element id; an unknown field is a 400 instead of an unfiltered list.
`.trim();

/** Spec §9 as a table: what changes from v1 to v2. Part of the v1 document and the reference page. */
export const V1_TO_V2_MIGRATION = `
## Migrating from v1 to v2

v2 is the organization-level successor of this API; page size is 20 in both. To move an integration:
change \`/api/v1/\` to \`/api/v2/\`, obtain an organization-level token (dashboard API page), read the named arrays
instead of \`results\`, read pagination from \`meta\`, and pass \`form_uuid\` (the v1 form \`id\`) when listing submissions.

| | v1 | v2 |
|---|---|---|
| Base path | \`/api/v1/\` | \`/api/v2/\` |
| Token | issued per form, sees that form only | organization-level (optionally restricted to chosen forms), scoped, usage-tracked |
| Lists | \`results\` with \`count\`, \`total_count\`, \`per_page\`, \`page\` at the top level | named arrays (\`forms\`, \`submissions\`, …) with \`meta\` (\`totalCount\`, \`page\`, \`perPage\`) |
| Field names | snake_case (\`created_at\`, \`is_live\`) | camelCase in responses (\`createdAt\`); query and body parameters stay snake_case |
| Form \`id\` | the UUID | the numeric id (\`uuid\` beside it); paths accept either |
| Listing submissions | always the token's form | \`form_id\` or \`form_uuid\` is required |
| Submission \`data\` | keyed by field label | keyed by element id (\`GET /api/v2/forms/:id\` lists the elements) |
| Filters | \`{field}=value\` and \`{field}__gte\`, \`__gt\`, \`__lte\`, \`__lt\`; a field that does not exist is ignored | \`{field}__{filter_type}\` with 17 types; an unknown field is 400 \`Unknown filter field(s): …\` instead of every submission unfiltered (also on a form with no fields) |
| Filter fields | label or element id | label or element id |
| Sort | \`sort\` = a field name, \`created_at\` or \`updated_at\`; \`order\` default asc | \`sort\` = created_at, updated_at or duration; \`order\` default desc |
| One submission | the submission at the top level; not found is 400 \`Error while fetching the submission\` | \`{submission}\`; not found is 404 \`Submission not found\` |
| Missing scope | 403 \`You do not have permission to view submissions\` | 403 \`You do not have permission to perform this action. Required scope: <scope>\` |
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
| 400 | \`Access Token not found\` (no header), \`Invalid token provided\` (not a token), \`Error while fetching the submission\` (unknown, malformed or other form's submission id), invalid parameters (see **Input rules**) |
| 401 | \`Invalid access token\` — revoked, inactive or unknown token, or a v2 token |
| 403 | \`You do not have permission to view submissions\` — the one v1 message for every missing scope, whatever the operation |
| 404 | \`Form not found or not authorized\` — listing submissions after the token's form was trashed |
| 429 | \`You have exceeded api rate limit\` — 10 requests per 60 s per token by default, as in v2; \`Retry-After\` and \`RateLimit-*\` headers say when to retry |

${INPUT_RULES}

**Lists** are \`{count, total_count, per_page, page, results}\`: 20 items a page (\`per_page\` is accepted and ignored),
\`page\` 1-based; a page past the last one has \`results: []\` and the usual counters.

**Submission data** is keyed by field label, in the form's order, answered fields only; values as in v2 except
name/address values, keyed by their sub-fields' labels. When two fields share a label, the later one is written
\`Label (elementId)\`; a blank label is the element id.

${V1_TO_V2_MIGRATION}
`.trim();
