import "server-only";
import { z } from "zod";
import { findFormElsewhere } from "@/server/services/members/organizations";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardFormRef } from "../inputs";

/**
 * For a form the current organization does not have: another organization of the user that
 * does (and lets them see it), so the page says "This form belongs to …" with a switch, not a 404.
 */
export const whereIsFormRoute = sessionProcedure
  .input(z.object({ form: ZDashboardFormRef }))
  .output(z.object({ organizationId: z.number().int(), organizationName: z.string() }).nullable())
  .query(({ ctx, input }) => findFormElsewhere(ctx.db, ctx.session, input.form));
