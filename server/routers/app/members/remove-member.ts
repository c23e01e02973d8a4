import "server-only";
import { removeMember } from "@/server/services/members/members";
import { sessionProcedure } from "@/server/trpc";
import { ZDone, ZMemberUserId } from "./outputs";

/** Removes a member: their sessions in the organization end, so their next request is refused. */
export const removeMemberRoute = sessionProcedure
  .input(ZMemberUserId)
  .output(ZDone)
  .mutation(async ({ ctx, input }) => {
    await removeMember(ctx.db, { ...ctx.session, role: ctx.member.role }, input.userId);
    return { done: true as const };
  });
