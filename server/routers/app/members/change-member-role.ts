import "server-only";
import { audited } from "@/server/audit/audited";
import { memberTarget } from "@/server/audit/targets";
import { changeMemberRole } from "@/server/services/members/members";
import { sessionProcedure } from "@/server/trpc";
import { ZDone, ZMemberUserId, ZRole } from "./outputs";

/** A member's new role: their next request runs with it (admins cannot make or change owners; one owner always stays). */
export const changeMemberRoleRoute = sessionProcedure
  .input(ZMemberUserId.extend({ role: ZRole }))
  .output(ZDone)
  .mutation(async ({ ctx, input }) => {
    await audited(
      ctx,
      (tx) => changeMemberRole(tx, { ...ctx.session, role: ctx.member.role }, input.userId, input.role),
      () => ({ action: "member.role_changed", target: memberTarget(input.userId), metadata: { role: input.role } }),
    );
    return { done: true as const };
  });
