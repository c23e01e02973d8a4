import "server-only";
import { tokenTarget } from "@/server/audit/targets";
import { z } from "zod";
import { audited } from "@/server/audit/audited";
import { revokeToken } from "@/server/services/tokens/dashboard-tokens";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardRowId } from "../inputs";

/** Revokes a token of the organization: the API answers 401 to it from now on. */
export const revokeTokenRoute = sessionProcedure
  .input(z.object({ id: ZDashboardRowId.describe("Token id from the list") }))
  .output(z.object({ revoked: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await audited(
      ctx,
      (tx) => revokeToken(tx, ctx.access, input.id),
      (t) => ({ action: "token.revoked", target: tokenTarget(t), metadata: { kind: t.kind } }),
    );
    return { revoked: true as const };
  });
