import "server-only";
import type { AnyRouter } from "@trpc/server";
import { generateOpenApiDocument } from "trpc-to-openapi";
import type { Meta } from "@/server/trpc";
import { MESSAGES } from "@/lib/errors";
import { OAUTH_PATHS } from "@/lib/app-paths";
import { SCOPE_DESCRIPTIONS } from "@/lib/scopes/connector-scopes";
import { BODY_MESSAGES } from "./adapter";

/**
 * OpenAPI 3.1 documents of the REST surfaces. trpc-to-openapi generates paths and schemas
 * from the procedures; we then correct what it cannot know: real success statuses (201/204),
 * our error bodies and the statuses each operation really returns, the token scheme,
 * rate-limit headers, and DELETE operations whose input is a JSON body.
 */
export type SurfaceDoc = {
  router: AnyRouter;
  title: string;
  version: string;
  basePath: string;
  description: string;
  errorKey: "message" | "error";
  auth: "service-token" | "oauth";
};

type Json = Record<string, any>;

const RATE_LIMIT_HEADERS: Json = {
  "Retry-After": { description: "Seconds until the window resets", schema: { type: "integer" } },
  "RateLimit-Limit": { description: "Requests allowed per window", schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Requests left in this window", schema: { type: "integer" } },
  "RateLimit-Reset": { description: "Seconds until the window resets", schema: { type: "integer" } },
};

function errorResponse(description: string, key: string, example: string, headers?: Json): Json {
  return {
    description,
    ...(headers ? { headers } : {}),
    content: {
      "application/json": {
        schema: { $ref: key === "error" ? "#/components/schemas/ConnectorError" : "#/components/schemas/Error" },
        example: { [key]: example },
      },
    },
  };
}

/** A response that can carry several messages: each is listed and is a named example. */
function messagesResponse(messages: readonly string[], key: string, lead?: string): Json {
  const list = messages.map((m) => `\`${m}\``).join(", ");
  const response = errorResponse(lead ? `${lead}; ${list}` : list, key, messages[0] ?? "");
  response.content["application/json"].examples = Object.fromEntries(messages.map((m, i) => [`e${i + 1}`, { value: { [key]: m } }]));
  return response;
}

type Operation = { meta: Meta; input: unknown };

function operations(router: AnyRouter): Map<string, Operation> {
  const map = new Map<string, Operation>();
  for (const proc of Object.values(router._def.procedures as Record<string, { _def: { meta?: Meta; inputs?: unknown[] } }>)) {
    const api = proc._def.meta?.openapi;
    if (api) map.set(`${api.method.toLowerCase()} ${api.path.replace(/\/$/, "")}`, { meta: proc._def.meta!, input: proc._def.inputs?.[0] });
  }
  return map;
}

/**
 * The generator drops `.describe()` of an optional query field (`z.string().optional().describe(…)`);
 * take it from the input schema's shape instead.
 */
function describeParameters(op: Json, input: unknown): void {
  const shape = (input as { shape?: Record<string, { description?: string }> } | undefined)?.shape;
  if (!shape) return;
  for (const param of (op.parameters ?? []) as Json[]) {
    const description = param.description ?? param.schema?.description ?? shape[param.name]?.description;
    if (description) param.description = description;
  }
}

export function buildOpenApiDocument(doc: SurfaceDoc, appUrl: string): Json {
  const securityName = doc.auth === "oauth" ? "OAuth2" : "ServiceToken";
  const securitySchemes: Json =
    doc.auth === "oauth"
      ? {
          OAuth2: {
            type: "oauth2",
            description: "Authorization code grant (PKCE S256) with rotating refresh tokens. Access tokens live 1 hour.",
            flows: {
              authorizationCode: {
                authorizationUrl: `${appUrl}${OAUTH_PATHS.authorize}`,
                tokenUrl: `${appUrl}${OAUTH_PATHS.token}`,
                refreshUrl: `${appUrl}${OAUTH_PATHS.token}`,
                scopes: SCOPE_DESCRIPTIONS,
              },
            },
          },
        }
      : {
          ServiceToken: {
            type: "apiKey",
            in: "header",
            name: "X-SERVICE-TOKEN",
            description: "An API token from the dashboard's API tokens page (/tokens) or `npm run admin -- create-token`.",
          },
        };

  const generated = generateOpenApiDocument(doc.router, {
    title: doc.title,
    version: doc.version,
    description: doc.description,
    baseUrl: `${appUrl}${doc.basePath}`,
    securitySchemes,
  }) as Json;

  const ops = operations(doc.router);
  const k = doc.errorKey;
  for (const [path, item] of Object.entries(generated.paths ?? {}) as [string, Json][]) {
    for (const [method, op] of Object.entries(item) as [string, Json][]) {
      const operation = ops.get(`${method} ${path}`);
      const meta = operation?.meta;
      describeParameters(op, operation?.input);
      const success = meta?.successStatus ?? 200;
      const ok = op.responses?.["200"] ?? { description: "Successful response" };
      const responses: Json = {};
      responses[String(success)] = success === 204 ? { description: ok.description ?? "No content" } : ok;

      if (doc.auth === "service-token") {
        responses["400"] = errorResponse(
          `\`${MESSAGES.tokenMissing}\` (no X-SERVICE-TOKEN header), \`${MESSAGES.tokenMalformed}\` (not a token), ` +
            "or an invalid parameter or body (the document's **Input rules**, checked after the token)",
          k,
          MESSAGES.tokenMissing,
        );
        responses["401"] = errorResponse("The token is revoked, inactive or unknown", k, MESSAGES.tokenInvalid);
        if (meta?.scope) {
          const msg = doc.basePath === "/api/v1" ? MESSAGES.v1Scope : MESSAGES.v2Scope(meta.scope);
          responses["403"] = errorResponse(`The token lacks the \`${meta.scope}\` scope`, k, msg);
        }
        responses["429"] = errorResponse(
          "More than the allowed requests in the window (default 10 per 60 s per token)",
          k,
          MESSAGES.rateLimited,
          RATE_LIMIT_HEADERS,
        );
      } else {
        responses["400"] = errorResponse(
          "An invalid parameter or body (the document's **Input rules**, checked after the access token)",
          k,
          "Request body is not valid JSON",
        );
        responses["401"] = messagesResponse(
          [MESSAGES.connectorTokenInvalid, MESSAGES.connectorTokenMissing],
          k,
          "The access token is missing, invalid, expired or revoked; `WWW-Authenticate: Bearer` says which. Refresh it and retry",
        );
        responses["401"].headers = {
          "WWW-Authenticate": {
            description: 'e.g. `Bearer realm="Formhouse connector", error="invalid_token"`',
            schema: { type: "string" },
          },
        };
        if (meta?.scope) {
          responses["403"] = errorResponse(`The access token lacks the \`${meta.scope}\` scope`, k, MESSAGES.connectorScope(meta.scope));
        }
        responses["429"] = errorResponse(
          "More than the allowed requests in the window (default 60 per 60 s per connection)",
          k,
          MESSAGES.rateLimited,
          RATE_LIMIT_HEADERS,
        );
      }
      for (const [status, spec] of Object.entries(meta?.errors ?? {})) {
        if (!spec) continue;
        if ("example" in spec) {
          responses[status] = {
            description: spec.description,
            content: { "application/json": { schema: { $ref: "#/components/schemas/NotFoundIdsError" }, example: spec.example } },
          };
          continue;
        }
        // The operation's own messages come first; a 400 keeps the token's messages beside them.
        const lead =
          status === "400" && doc.auth === "service-token"
            ? `Invalid token: \`${MESSAGES.tokenMissing}\`, \`${MESSAGES.tokenMalformed}\`; invalid input`
            : undefined;
        responses[status] = messagesResponse(spec, k, lead);
      }
      if (op.requestBody || (method === "delete" && meta?.jsonBody)) {
        responses["413"] = errorResponse("The body is larger than 1 MB (checked after the token)", k, BODY_MESSAGES.tooLarge);
        responses["415"] = errorResponse("The body is not `application/json` (checked after the token)", k, BODY_MESSAGES.notJson);
      }
      responses["500"] = errorResponse("Unexpected server error; details are only in the server log", k, MESSAGES.internal);
      op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
      op.security = [{ [securityName]: doc.auth === "oauth" && meta?.scope ? [meta.scope] : [] }];

      if (meta?.extraParameters) op.parameters = [...(op.parameters ?? []), ...meta.extraParameters];

      // DELETE with a JSON body: the generator documents its fields as query parameters.
      if (method === "delete" && (meta as Json | undefined)?.jsonBody) {
        const params: Json[] = op.parameters ?? [];
        const bodyParams = params.filter((p) => p.in === "query");
        op.parameters = params.filter((p) => p.in !== "query");
        op.requestBody = {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: Object.fromEntries(bodyParams.map((p) => [p.name, { ...p.schema, description: p.description }])),
                required: bodyParams.filter((p) => p.required).map((p) => p.name),
              },
            },
          },
        };
      }
    }
  }

  const schemas: Json = Object.fromEntries(
    Object.entries(generated.components?.schemas ?? {}).filter(([name]) => !name.startsWith("error.")),
  );
  schemas.Error = { type: "object", required: ["message"], properties: { message: { type: "string" } } };
  schemas.ConnectorError = { type: "object", required: ["error"], properties: { error: { type: "string" } } };
  schemas.NotFoundIdsError = {
    type: "object",
    required: ["error", "notFoundIds"],
    properties: { error: { type: "string" }, notFoundIds: { type: "array", items: { type: "string", format: "uuid" } } },
  };
  generated.components = { ...generated.components, schemas, securitySchemes };
  return generated;
}
