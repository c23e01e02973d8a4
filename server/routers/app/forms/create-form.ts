import "server-only";
import { z } from "zod";
import { createForm } from "@/server/services/forms/create-form";
import { ZFormName } from "@/lib/forms/form-rules";
import { sessionProcedure } from "@/server/trpc";

export const ZCreateFormInput = z.object({ name: ZFormName });

export const ZCreateFormOutput = z.object({
  id: z.number().int().describe("Numeric id of the new form"),
  uuid: z.string().describe("UUID of the new form; the builder opens at /forms/<uuid>/edit"),
});

/** A new, empty draft form named by the person; the dashboard then opens it in the builder. */
export const createFormRoute = sessionProcedure
  .input(ZCreateFormInput)
  .output(ZCreateFormOutput)
  .mutation(({ ctx, input }) => createForm(ctx.db, ctx.access, input));
