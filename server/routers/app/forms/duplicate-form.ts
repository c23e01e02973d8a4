import "server-only";
import { z } from "zod";
import { duplicateForm } from "@/server/services/forms/duplicate-form";
import { sessionProcedure } from "@/server/trpc";
import { ZFormChangeOutput, ZFormRefInput } from "./outputs";

export const ZDuplicateFormOutput = ZFormChangeOutput.extend({ id: z.number().int().describe("Numeric id of the copy") });

/** A draft copy of a live form's definition ("Copy of …"); nothing else is copied. */
export const duplicateFormRoute = sessionProcedure
  .input(ZFormRefInput)
  .output(ZDuplicateFormOutput)
  .mutation(({ ctx, input }) => duplicateForm(ctx.db, ctx.access, input.formUuid));
