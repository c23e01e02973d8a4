import "server-only";
import { audited } from "@/server/audit/audited";
import { invitationTarget } from "@/server/audit/targets";
import { z } from "zod";
import { mailConfigured } from "@/server/mail/runtime";
import { resendInvitation } from "@/server/services/members/invitations";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardRowId } from "../inputs";
import { ZSentInvitation } from "./outputs";

/** Sends an open invitation again with a new link (the old one stops working), valid for another week. */
export const resendInvitationRoute = sessionProcedure
  .input(z.object({ id: ZDashboardRowId }))
  .output(ZSentInvitation)
  .mutation(({ ctx, input }) =>
    audited(
      ctx,
      (tx) => resendInvitation(tx, { ...ctx.session, role: ctx.member.role }, input.id, { showLink: !mailConfigured() }),
      (sent) => ({ action: "member.invitation_resent", target: invitationTarget(sent) }),
    ),
  );
