/** The prose of each surface's OpenAPI document: what an integrator reads first. */

export const V2_DESCRIPTION = `
The organization-level API. Every request carries \`X-SERVICE-TOKEN: <token>\`; tokens are created on the
dashboard's API page (or \`npm run admin -- create-token --org <id> --scopes …\`), shown once, stored hashed,
and can be restricted to chosen forms — any other form then answers 404 \`Form not found or not authorized\`.

**Errors** are JSON \`{"message": "…"}\` with the status of the table below; bulk deletes answer 422
\`{"error": "…", "notFoundIds": [...]}\`. A 500 says only \`Internal server error\`; details stay in the server log.

| Status | When |
|---|---|
| 400 | \`Access Token not found\` (no header), \`Invalid token provided\` (not a token), invalid parameters or body, unknown filter field |
| 401 | \`Invalid access token\` — revoked, inactive or unknown token |
| 403 | \`You do not have permission to perform this action. Required scope: <scope>\` |
| 404 | resource not found, or not visible to this token |
| 413 / 415 | body larger than 1 MB / body that is not JSON |
| 429 | \`You have exceeded api rate limit\` — 10 requests per 60 s per token by default; \`Retry-After\` and \`RateLimit-*\` headers say when to retry |

**Pagination**: 20 items a page, \`page\` is 1-based; a page past the last one is an empty list with the usual \`meta\`.

**Submission data** is keyed by element id. Choice values are the option \`value\`s (arrays for multiple-checkbox and
ranking); matrix values are \`{rowId: {columnId: value}}\`; repeat-field values are \`[{componentId: value}]\`;
name and address values are \`{fixedname: value}\`.

**Migrating from v1**: change \`/api/v1/\` to \`/api/v2/\`, use an organization-level token, read the named arrays
(\`forms\`, \`submissions\`, …) and pagination from \`meta\`, and pass \`form_id\` or \`form_uuid\` when listing submissions.
Filters address fields by label or element id; an unknown field is a 400 instead of an unfiltered list.
`.trim();
