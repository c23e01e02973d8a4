import "server-only";
import { z } from "zod";
import { listTokens } from "@/server/services/tokens/dashboard-tokens";
import { toTokenSummary, ZTokenSummary } from "@/server/services/tokens/serialize";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardFormRef } from "../inputs";

export const ZListTokensInput = z.object({
  kind: z.enum(["v1", "v2"]).describe("v2: organization tokens; v1: per-form tokens"),
  formUuid: ZDashboardFormRef.optional().describe("v1: only this form's tokens"),
});

/** The organization's live API tokens (name, prefix, scopes, use); never the tokens themselves. */
export const listTokensRoute = sessionProcedure
  .input(ZListTokensInput)
  .output(z.array(ZTokenSummary))
  .query(async ({ ctx, input }) => (await listTokens(ctx.db, ctx.access, input.kind, input.formUuid)).map(toTokenSummary));
