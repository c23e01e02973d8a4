import "server-only";
import { audited } from "@/server/audit/audited";
import { formTarget } from "@/server/audit/targets";
import { restoreForm } from "@/server/services/forms/trash-form";
import { sessionProcedure } from "@/server/trpc";
import { ZFormChangeOutput, ZFormRefInput } from "./outputs";

/** Takes a form out of the trash, as it was before. */
export const restoreFormRoute = sessionProcedure
  .input(ZFormRefInput)
  .output(ZFormChangeOutput)
  .mutation(({ ctx, input }) =>
    audited(
      ctx,
      (tx) => restoreForm(tx, ctx.access, input.formUuid),
      (form) => ({ action: "form.restored", target: formTarget(form) }),
    ),
  );
