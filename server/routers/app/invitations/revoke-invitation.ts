import "server-only";
import { audited } from "@/server/audit/audited";
import { z } from "zod";
import { revokeInvitation } from "@/server/services/members/invitations";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardRowId } from "../inputs";
import { ZDone } from "../members/outputs";

/** Withdraws an open invitation: its link stops working. */
export const revokeInvitationRoute = sessionProcedure
  .input(z.object({ id: ZDashboardRowId }))
  .output(ZDone)
  .mutation(async ({ ctx, input }) => {
    await audited(
      ctx,
      (tx) => revokeInvitation(tx, { ...ctx.session, role: ctx.member.role }, input.id),
      () => ({ action: "member.invitation_revoked", target: { type: "invitation", id: input.id } }),
    );
    return { done: true as const };
  });
