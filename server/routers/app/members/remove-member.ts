import "server-only";
import { audited } from "@/server/audit/audited";
import { memberTarget } from "@/server/audit/targets";
import { removeMember } from "@/server/services/members/members";
import { sessionProcedure } from "@/server/trpc";
import { ZDone, ZMemberUserId } from "./outputs";

/** Removes a member: their sessions in the organization end, so their next request is refused. */
export const removeMemberRoute = sessionProcedure
  .input(ZMemberUserId)
  .output(ZDone)
  .mutation(async ({ ctx, input }) => {
    await audited(
      ctx,
      (tx) => removeMember(tx, { ...ctx.session, role: ctx.member.role }, input.userId),
      () => ({ action: "member.removed", target: memberTarget(input.userId) }),
    );
    return { done: true as const };
  });
