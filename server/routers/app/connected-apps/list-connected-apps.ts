import "server-only";
import { z } from "zod";
import { listConnectedApps } from "@/server/services/connected-apps/list-connected-apps";
import { toConnectedApp, ZConnectedApp } from "@/server/services/connected-apps/serialize";
import { sessionProcedure } from "@/server/trpc";

/** The organization's connected apps (automation platforms authorized over OAuth). */
export const listConnectedAppsRoute = sessionProcedure
  .output(z.array(ZConnectedApp))
  .query(async ({ ctx }) => (await listConnectedApps(ctx.db, ctx.access)).map(toConnectedApp));
