import "server-only";
import { z } from "zod";
import { getAccessibleFormOrThrow } from "@/server/services/forms/access";
import { getSubmissionOrThrow } from "@/server/services/submissions/get-submission";
import { sessionProcedure } from "@/server/trpc";
import { toDashboardSubmission, ZDashboardSubmission } from "@/server/services/submissions/serialize";
import { ZElements } from "./schemas";
import { presentFileAnswers } from "@/server/uploads/file-links";

export const ZGetDashboardSubmissionOutput = z.object({
  submission: ZDashboardSubmission.extend({ uniqueLinkId: z.string().nullable() }),
  form: z.object({ id: z.number().int(), uuid: z.string(), name: z.string(), elements: ZElements }),
});

/** One submission with its form's elements, to render every answer: the service of GET /api/v2/submissions/:id. */
export const getSubmissionRoute = sessionProcedure
  .input(z.object({ id: z.string().max(64) }))
  .output(ZGetDashboardSubmissionOutput)
  .query(async ({ ctx, input }) => {
    const { submission: s, formUuid } = await getSubmissionOrThrow(ctx.db, ctx.access, input.id);
    const form = await getAccessibleFormOrThrow(ctx.db, ctx.access, formUuid);
    const [shown] = await presentFileAnswers(ctx.db, [s]);
    return {
      submission: { ...toDashboardSubmission(shown!), uniqueLinkId: s.uniqueLinkId },
      form: { id: form.id, uuid: form.uuid, name: form.name, elements: form.elements },
    };
  });
