import "server-only";
import { restrictMemberForms } from "@/server/services/members/members";
import { sessionProcedure } from "@/server/trpc";
import { ZDone, ZFormChoice, ZMemberUserId } from "./outputs";

/** Limits an editor or viewer to chosen forms, or lets them reach every form again (null). */
export const restrictMemberFormsRoute = sessionProcedure
  .input(ZMemberUserId.extend({ formIds: ZFormChoice }))
  .output(ZDone)
  .mutation(async ({ ctx, input }) => {
    await restrictMemberForms(ctx.db, { ...ctx.session, role: ctx.member.role }, input.userId, input.formIds);
    return { done: true as const };
  });
