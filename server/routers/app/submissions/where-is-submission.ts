import "server-only";
import { z } from "zod";
import { findSubmissionElsewhere } from "@/server/services/members/organizations";
import { sessionProcedure } from "@/server/trpc";

/** For a submission the current organization does not have: another organization of the user that does (a switch, not a 404). */
export const whereIsSubmissionRoute = sessionProcedure
  .input(z.object({ id: z.string().max(64) }))
  .output(z.object({ organizationId: z.number().int(), organizationName: z.string() }).nullable())
  .query(({ ctx, input }) => findSubmissionElsewhere(ctx.db, ctx.session, input.id));
