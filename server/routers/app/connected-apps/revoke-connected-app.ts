import "server-only";
import { z } from "zod";
import { revokeConnectedApp } from "@/server/services/connected-apps/revoke-connected-app";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardRowId } from "../inputs";

export const ZRevokeConnectedAppInput = z.object({ id: ZDashboardRowId.describe("Grant id from the list") });

/** Disconnects an app: every token of the connection stops working at once. */
export const revokeConnectedAppRoute = sessionProcedure
  .input(ZRevokeConnectedAppInput)
  .output(z.object({ revoked: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await revokeConnectedApp(ctx.db, ctx.access, input.id);
    return { revoked: true as const };
  });
