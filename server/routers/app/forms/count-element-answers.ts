import { z } from "zod";
import { countElementAnswers } from "@/server/services/forms/builder-draft";
import { sessionProcedure } from "@/server/trpc";
import { ZBuilderFormInput } from "./builder-draft-schemas";

/** Asked before the builder removes an element: how many submissions hold an answer for it. */
export const countElementAnswersRoute = sessionProcedure
  .input(ZBuilderFormInput.extend({ elementId: z.string().min(1).max(200).describe("Element id") }))
  .output(z.object({ answers: z.number().int(), submissions: z.number().int() }))
  .query(({ ctx, input }) => countElementAnswers(ctx.db, ctx.access, input.form, input.elementId));
