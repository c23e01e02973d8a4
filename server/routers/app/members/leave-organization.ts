import "server-only";
import { leaveOrganization } from "@/server/services/members/members";
import { sessionProcedure } from "@/server/trpc";
import { ZDone } from "./outputs";

/** The signed-in member leaves the organization (not its last owner); this session ends with it. */
export const leaveOrganizationRoute = sessionProcedure.output(ZDone).mutation(async ({ ctx }) => {
  await leaveOrganization(ctx.db, ctx.session);
  return { done: true as const };
});
