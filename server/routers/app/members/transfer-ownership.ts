import "server-only";
import { audited } from "@/server/audit/audited";
import { memberTarget } from "@/server/audit/targets";
import { transferOwnership } from "@/server/services/members/members";
import { sessionProcedure } from "@/server/trpc";
import { ZDone, ZMemberUserId } from "./outputs";

/** An owner makes another member owner and becomes an admin. */
export const transferOwnershipRoute = sessionProcedure
  .input(ZMemberUserId)
  .output(ZDone)
  .mutation(async ({ ctx, input }) => {
    await audited(
      ctx,
      (tx) => transferOwnership(tx, { ...ctx.session, role: ctx.member.role }, input.userId),
      () => ({ action: "member.ownership_transferred", target: memberTarget(input.userId) }),
    );
    return { done: true as const };
  });
