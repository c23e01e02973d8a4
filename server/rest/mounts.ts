import "server-only";
import { CONNECTOR_PREFIX } from "@/lib/app-paths";
import type { ErrorKey } from "./errors";

/**
 * Where each REST surface is mounted and how it spells errors — without its router, so the
 * request hook (proxy.ts) can shape an answer by path without loading the server.
 * surfaces.ts adds the routers; a new surface is added here first.
 */
export const REST_MOUNTS = {
  v2: { prefix: "/api/v2", errorKey: "message" },
  v1: { prefix: "/api/v1", errorKey: "message" },
  connector: { prefix: CONNECTOR_PREFIX, errorKey: "error" },
} as const satisfies Record<string, { prefix: string; errorKey: ErrorKey }>;
