import "server-only";
import { audited } from "@/server/audit/audited";
import { memberTarget } from "@/server/audit/targets";
import { restrictMemberForms } from "@/server/services/members/members";
import { sessionProcedure } from "@/server/trpc";
import { ZDone, ZFormChoice, ZMemberUserId } from "./outputs";

/** Limits an editor or viewer to chosen forms, or lets them reach every form again (null). */
export const restrictMemberFormsRoute = sessionProcedure
  .input(ZMemberUserId.extend({ formIds: ZFormChoice }))
  .output(ZDone)
  .mutation(async ({ ctx, input }) => {
    await audited(
      ctx,
      (tx) => restrictMemberForms(tx, { ...ctx.session, role: ctx.member.role }, input.userId, input.formIds),
      () => ({ action: "member.forms_changed", target: memberTarget(input.userId), metadata: { forms: input.formIds ?? [] } }),
    );
    return { done: true as const };
  });
