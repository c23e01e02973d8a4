import "server-only";
import { env } from "@/server/env";
import { CONNECTOR_DESCRIPTION, V1_DESCRIPTION, V2_DESCRIPTION } from "./descriptions";
import { REST_MOUNTS } from "./mounts";
import { buildOpenApiDocument, type SurfaceDoc } from "./openapi";
import { SURFACES } from "./surfaces";

export type DocumentedSurface = "v1" | "v2" | "connector";

/** What each documented surface is; one builder makes every document. */
const SURFACE_DOCS: Record<DocumentedSurface, () => SurfaceDoc> = {
  v2: () => ({
    router: SURFACES.v2.router,
    title: "Formhouse API v2",
    version: "2.0.0",
    basePath: SURFACES.v2.prefix,
    description: V2_DESCRIPTION,
    errorKey: SURFACES.v2.errorKey,
    auth: "service-token",
  }),
  v1: () => ({
    router: SURFACES.v1.router,
    title: "Formhouse API v1 (legacy)",
    version: "1.0.0",
    basePath: SURFACES.v1.prefix,
    description: V1_DESCRIPTION,
    errorKey: SURFACES.v1.errorKey,
    auth: "service-token",
  }),
  connector: () => ({
    router: SURFACES.connector.router,
    title: "Formhouse connector API",
    version: "1.0.0",
    basePath: SURFACES.connector.prefix,
    description: CONNECTOR_DESCRIPTION,
    errorKey: SURFACES.connector.errorKey,
    auth: "oauth",
  }),
};

/**
 * Every documented surface and where its document is served (`<prefix>/openapi.json`, an
 * app route per surface). The fuzz test (e2e/api/fuzz) reads this list: a surface documented
 * here is fuzzed from its document.
 */
export const DOCUMENTED_SURFACES = Object.keys(SURFACE_DOCS) as DocumentedSurface[];
export const openApiPath = (surface: DocumentedSurface) => `${REST_MOUNTS[surface].prefix}/openapi.json`;

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
