import { env } from "@/server/env";
import { V2_DESCRIPTION } from "./descriptions";
import { buildOpenApiDocument } from "./openapi";
import { v2Router } from "./surfaces";

export type DocumentedSurface = "v2";

const cache = new Map<DocumentedSurface, Record<string, unknown>>();

/** The OpenAPI document of a surface, built once per process. */
export function openApiDocument(surface: DocumentedSurface): Record<string, unknown> {
  let doc = cache.get(surface);
  if (!doc) {
    doc = buildOpenApiDocument(
      {
        router: v2Router,
        title: "Formhouse API v2",
        version: "2.0.0",
        basePath: "/api/v2",
        description: V2_DESCRIPTION,
        errorKey: "message",
        auth: "service-token",
      },
      env().APP_URL,
    );
    cache.set(surface, doc);
  }
  return doc;
}
