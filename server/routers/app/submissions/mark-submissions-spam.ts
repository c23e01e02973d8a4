import "server-only";
import { z } from "zod";
import { getAccessibleFormOrThrow } from "@/server/services/forms/access";
import { setSubmissionsSpam } from "@/server/services/submissions/update-submission";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardFormRef, ZDashboardIds } from "../inputs";

/** Marks the chosen submissions of a form as spam, or as not spam. */
export const markSubmissionsSpamRoute = sessionProcedure
  .input(z.object({ formUuid: ZDashboardFormRef, ids: ZDashboardIds, spam: z.boolean() }))
  .output(z.object({ updated: z.number().int() }))
  .mutation(async ({ ctx, input }) => {
    const form = await getAccessibleFormOrThrow(ctx.db, ctx.access, input.formUuid);
    return setSubmissionsSpam(ctx.db, ctx.access, form, input.ids, input.spam);
  });
