import "server-only";
import { audited } from "@/server/audit/audited";
import { invitationTarget } from "@/server/audit/targets";
import { z } from "zod";
import { ZEmail } from "@/lib/account-rules";
import { mailConfigured } from "@/server/mail/runtime";
import { createInvitation } from "@/server/services/members/invitations";
import { sessionProcedure } from "@/server/trpc";
import { ZFormChoice, ZRole } from "../members/outputs";
import { ZSentInvitation } from "./outputs";

/** Invites an address with a role (and chosen forms); mailed, or without a mail server answered as a link. */
export const createInvitationRoute = sessionProcedure
  .input(z.object({ email: ZEmail, role: ZRole, formIds: ZFormChoice.default(null) }))
  .output(ZSentInvitation)
  .mutation(({ ctx, input }) =>
    audited(
      ctx,
      (tx) => createInvitation(tx, { ...ctx.session, role: ctx.member.role }, input, { showLink: !mailConfigured() }),
      (sent) => ({ action: "member.invited", target: invitationTarget(sent), metadata: { role: input.role, forms: input.formIds ?? [] } }),
    ),
  );
