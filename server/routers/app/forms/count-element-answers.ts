import "server-only";
import { z } from "zod";
import { countElementAnswers } from "@/server/services/forms/builder-draft";
import { sessionProcedure } from "@/server/trpc";
import { ZBuilderFormInput } from "./builder-draft-schemas";

/**
 * Asked before the builder removes a field or a repeat field's component: how many
 * submissions hold an answer for it.
 */
export const countElementAnswersRoute = sessionProcedure
  .input(
    ZBuilderFormInput.extend({
      elementId: z.string().min(1).max(200).describe("Element id (for a component, the id of its repeat field)"),
      componentId: z
        .string()
        .min(1)
        .max(200)
        .optional()
        .describe("A component of the repeat field elementId: count the submissions with an answer for it in any row"),
    }),
  )
  .output(z.object({ answers: z.number().int(), submissions: z.number().int() }))
  .query(({ ctx, input }) =>
    countElementAnswers(ctx.db, ctx.access, input.form, { elementId: input.elementId, componentId: input.componentId }),
  );
