import "server-only";
import { transferOwnership } from "@/server/services/members/members";
import { sessionProcedure } from "@/server/trpc";
import { ZDone, ZMemberUserId } from "./outputs";

/** An owner makes another member owner and becomes an admin. */
export const transferOwnershipRoute = sessionProcedure
  .input(ZMemberUserId)
  .output(ZDone)
  .mutation(async ({ ctx, input }) => {
    await transferOwnership(ctx.db, { ...ctx.session, role: ctx.member.role }, input.userId);
    return { done: true as const };
  });
