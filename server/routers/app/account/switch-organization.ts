import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { switchSessionOrganization } from "@/server/auth/sessions";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardRowId } from "../inputs";

export const NOT_YOUR_ORGANIZATION = "You are not a member of that organization";

/**
 * Moves this session to another organization of the user. The session names the organization
 * (not the URL), so every link, bookmark and API path stays as it is; each tab follows.
 */
export const switchOrganizationRoute = sessionProcedure
  .input(z.object({ organizationId: ZDashboardRowId }))
  .output(z.object({ organizationId: z.number().int() }))
  .mutation(async ({ ctx, input }) => {
    const switched =
      ctx.session.sessionId && (await switchSessionOrganization(ctx.db, ctx.session.sessionId, ctx.session.userId, input.organizationId));
    if (!switched) throw new AppError("NOT_FOUND", NOT_YOUR_ORGANIZATION);
    return { organizationId: input.organizationId };
  });
