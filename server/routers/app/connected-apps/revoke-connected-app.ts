import { z } from "zod";
import { revokeConnectedApp } from "@/server/services/connected-apps/revoke-connected-app";
import { sessionProcedure } from "@/server/trpc";

export const ZRevokeConnectedAppInput = z.object({ id: z.number().int().positive().describe("Grant id from the list") });

/** Disconnects an app: every token of the connection stops working at once. */
export const revokeConnectedAppRoute = sessionProcedure
  .input(ZRevokeConnectedAppInput)
  .output(z.object({ revoked: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await revokeConnectedApp(ctx.db, ctx.access, input.id);
    return { revoked: true as const };
  });
