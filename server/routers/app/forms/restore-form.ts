import "server-only";
import { restoreForm } from "@/server/services/forms/trash-form";
import { sessionProcedure } from "@/server/trpc";
import { ZFormChangeOutput, ZFormRefInput } from "./outputs";

/** Takes a form out of the trash, as it was before. */
export const restoreFormRoute = sessionProcedure
  .input(ZFormRefInput)
  .output(ZFormChangeOutput)
  .mutation(({ ctx, input }) => restoreForm(ctx.db, ctx.access, input.formUuid));
