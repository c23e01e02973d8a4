import "server-only";
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
    await revokeInvitation(ctx.db, { ...ctx.session, role: ctx.member.role }, input.id);
    return { done: true as const };
  });
