import "server-only";
import { z } from "zod";
import { ZOrganizationName } from "@/lib/account-rules";
import { renameOrganization } from "@/server/services/users/update-account";
import { sessionProcedure } from "@/server/trpc";

/** The session organization's name (owners only). */
export const renameOrganizationRoute = sessionProcedure
  .input(z.object({ organizationName: ZOrganizationName.describe("Shown in the dashboard's sidebar") }))
  .output(z.object({ updated: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await renameOrganization(ctx.db, ctx.session, input.organizationName);
    return { updated: true as const };
  });
