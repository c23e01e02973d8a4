import "server-only";
import { audited } from "@/server/audit/audited";
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
    await audited(
      ctx,
      (tx) => revokeConnectedApp(tx, ctx.access, input.id),
      (app) => ({ action: "connected_app.revoked", target: { type: "oauth_grant", id: app.id, label: app.clientName } }),
    );
    return { revoked: true as const };
  });
