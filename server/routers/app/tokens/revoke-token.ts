import "server-only";
import { z } from "zod";
import { revokeToken } from "@/server/services/tokens/dashboard-tokens";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardRowId } from "../inputs";

/** Revokes a token of the organization: the API answers 401 to it from now on. */
export const revokeTokenRoute = sessionProcedure
  .input(z.object({ id: ZDashboardRowId.describe("Token id from the list") }))
  .output(z.object({ revoked: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await revokeToken(ctx.db, ctx.access, input.id);
    return { revoked: true as const };
  });
