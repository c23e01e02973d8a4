import "server-only";
import { switchSessionOrganization } from "@/server/auth/sessions";
import { acceptInvitation } from "@/server/services/members/invitations";
import { sessionProcedure } from "@/server/trpc";
import { ZInvitationToken, ZJoined } from "./outputs";

/** The signed-in user accepts an invitation to their address and their session moves to the organization joined. */
export const acceptInvitationRoute = sessionProcedure
  .input(ZInvitationToken)
  .output(ZJoined)
  .mutation(async ({ ctx, input }) => {
    const joined = await acceptInvitation(ctx.db, ctx.session, input.token);
    if (ctx.session.sessionId) await switchSessionOrganization(ctx.db, ctx.session.sessionId, ctx.session.userId, joined.organizationId);
    return joined;
  });
