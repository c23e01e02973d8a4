import "server-only";
import { trashForm } from "@/server/services/forms/trash-form";
import { sessionProcedure } from "@/server/trpc";
import { ZFormChangeOutput, ZFormRefInput } from "./outputs";

/** Moves a live form to the trash: its survey link and every API stop showing it. */
export const trashFormRoute = sessionProcedure
  .input(ZFormRefInput)
  .output(ZFormChangeOutput)
  .mutation(({ ctx, input }) => trashForm(ctx.db, ctx.access, input.formUuid));
