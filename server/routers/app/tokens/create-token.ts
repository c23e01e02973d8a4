import "server-only";
import { z } from "zod";
import { issueToken } from "@/server/services/tokens/dashboard-tokens";
import { ZIssuedToken } from "@/server/services/tokens/serialize";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardFormRef } from "../inputs";
import { ZTokenName, ZV1Scopes, ZV2Scopes } from "./inputs";

export const ZCreateTokenInput = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("v2"),
    name: ZTokenName,
    scopes: ZV2Scopes,
    formUuids: z.array(ZDashboardFormRef).max(100).default([]).describe("Limit the token to these forms; empty: every form"),
  }),
  z.object({
    kind: z.literal("v1"),
    name: ZTokenName,
    scopes: ZV1Scopes,
    formUuid: ZDashboardFormRef.describe("The form the token belongs to"),
  }),
]);

/** Mints a token (stored hashed); the answer holds it, and nothing will show it again. */
export const createTokenRoute = sessionProcedure
  .input(ZCreateTokenInput)
  .output(ZIssuedToken)
  .mutation(({ ctx, input }) =>
    issueToken(ctx.db, ctx.access, {
      kind: input.kind,
      name: input.name,
      scopes: input.scopes,
      formRefs: input.kind === "v1" ? [input.formUuid] : input.formUuids,
      createdByUserId: ctx.session.userId,
    }),
  );
