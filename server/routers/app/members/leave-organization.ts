import "server-only";
import { audited } from "@/server/audit/audited";
import { memberTarget } from "@/server/audit/targets";
import { leaveOrganization } from "@/server/services/members/members";
import { sessionProcedure } from "@/server/trpc";
import { ZDone } from "./outputs";

/** The signed-in member leaves the organization (not its last owner); this session ends with it. */
export const leaveOrganizationRoute = sessionProcedure.output(ZDone).mutation(async ({ ctx }) => {
  await audited(
    ctx,
    (tx) => leaveOrganization(tx, ctx.session),
    () => ({ action: "member.left", target: memberTarget(ctx.session.userId) }),
  );
  return { done: true as const };
});
