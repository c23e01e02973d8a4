import "server-only";
import { tokenTarget } from "@/server/audit/targets";
import { z } from "zod";
import { audited } from "@/server/audit/audited";
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
    audited(
      ctx,
      (tx) =>
        issueToken(tx, ctx.access, {
          kind: input.kind,
          name: input.name,
          scopes: input.scopes,
          formRefs: input.kind === "v1" ? [input.formUuid] : input.formUuids,
          createdByUserId: ctx.session.userId,
        }),
      (t) => ({ action: "token.created", target: tokenTarget({ id: t.id, name: input.name }), metadata: tokenAuditMetadata(input) }),
    ),
  );

/** What the log keeps of a new token: its kind, scopes and forms (never the token). */
const tokenAuditMetadata = (input: z.infer<typeof ZCreateTokenInput>) => ({
  kind: input.kind,
  scopes: input.scopes,
  forms: input.kind === "v1" ? [input.formUuid] : input.formUuids,
});
