import "server-only";
import { audited } from "@/server/audit/audited";
import { formTarget } from "@/server/audit/targets";
import { trashForm } from "@/server/services/forms/trash-form";
import { sessionProcedure } from "@/server/trpc";
import { ZFormChangeOutput, ZFormRefInput } from "./outputs";

/** Moves a live form to the trash: its survey link and every API stop showing it. */
export const trashFormRoute = sessionProcedure
  .input(ZFormRefInput)
  .output(ZFormChangeOutput)
  .mutation(({ ctx, input }) =>
    audited(
      ctx,
      (tx) => trashForm(tx, ctx.access, input.formUuid),
      (form) => ({ action: "form.trashed", target: formTarget(form) }),
    ),
  );
