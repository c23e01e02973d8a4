import "server-only";
import type { AnyRouter } from "@trpc/server";
import { connectorRouter } from "@/server/routers/connector/router";
import { v1Router } from "@/server/routers/v1/router";
import { v2Router } from "@/server/routers/v2/router";
import { createRestHandler } from "./adapter";
import { REST_MOUNTS } from "./mounts";

/** The REST surfaces: where each caller's router is mounted (mounts.ts) and how it spells errors. */
export const SURFACES = {
  v2: { ...REST_MOUNTS.v2, router: v2Router as AnyRouter },
  v1: { ...REST_MOUNTS.v1, router: v1Router as AnyRouter },
  connector: { ...REST_MOUNTS.connector, router: connectorRouter as AnyRouter },
} as const;

export type RestSurface = keyof typeof SURFACES;

type Handler = (request: Request) => Promise<Response>;
const globalForRest = globalThis as unknown as { formhouseRest?: Partial<Record<RestSurface, Handler>> };

/** Handlers are built once per process (building one costs ~0.5 ms per request otherwise). */
export function restHandler(surface: RestSurface): Handler {
  const cache = (globalForRest.formhouseRest ??= {});
  return (cache[surface] ??= createRestHandler({ ...SURFACES[surface], surface }));
}
