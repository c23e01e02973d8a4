import { env } from "@/server/env";
import { V1_DESCRIPTION, V2_DESCRIPTION } from "./descriptions";
import { buildOpenApiDocument, type SurfaceDoc } from "./openapi";
import { v1Router, v2Router } from "./surfaces";

export type DocumentedSurface = "v1" | "v2";

/** What each documented surface is; one builder makes every document. */
const SURFACE_DOCS: Record<DocumentedSurface, () => SurfaceDoc> = {
  v2: () => ({
    router: v2Router,
    title: "Formhouse API v2",
    version: "2.0.0",
    basePath: "/api/v2",
    description: V2_DESCRIPTION,
    errorKey: "message",
    auth: "service-token",
  }),
  v1: () => ({
    router: v1Router,
    title: "Formhouse API v1 (legacy)",
    version: "1.0.0",
    basePath: "/api/v1",
    description: V1_DESCRIPTION,
    errorKey: "message",
    auth: "service-token",
  }),
};

const cache = new Map<DocumentedSurface, Record<string, unknown>>();

/** The OpenAPI document of a surface, built once per process. */
export function openApiDocument(surface: DocumentedSurface): Record<string, unknown> {
  let doc = cache.get(surface);
  if (!doc) {
    doc = buildOpenApiDocument(SURFACE_DOCS[surface](), env().APP_URL);
    cache.set(surface, doc);
  }
  return doc;
}
