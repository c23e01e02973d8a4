import "server-only";
import { z } from "zod";
import { submissionNeighbours } from "@/server/services/submissions/query/neighbours";
import { sessionProcedure } from "@/server/trpc";
import { ZColumnSort, ZSubmissionSet } from "./schemas";

export const ZSubmissionNeighboursInput = ZSubmissionSet.extend({
  id: z.string().max(64),
  sort: ZColumnSort.default({ field: "created_at", order: "desc" }),
});

/** Previous and Next of a submission opened from the table, in the table's filtered order. */
export const submissionNeighboursRoute = sessionProcedure
  .input(ZSubmissionNeighboursInput)
  .output(z.object({ previous: z.string().nullable(), next: z.string().nullable() }))
  .query(({ ctx, input }) =>
    submissionNeighbours(
      ctx.db,
      ctx.access,
      { form: { formUuid: input.formUuid }, sort: input.sort, filters: { rows: input.filters }, view: input.view },
      input.id,
    ),
  );
