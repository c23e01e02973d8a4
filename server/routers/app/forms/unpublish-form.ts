import "server-only";
import { audited } from "@/server/audit/audited";
import { formTarget } from "@/server/audit/targets";
import { unpublishForm } from "@/server/services/forms/builder-draft";
import { sessionProcedure } from "@/server/trpc";
import { ZBuilderDraft, ZBuilderFormInput } from "./builder-draft-schemas";

/** The survey page stops taking answers; elements and draft stay. */
export const unpublishFormRoute = sessionProcedure
  .input(ZBuilderFormInput)
  .output(ZBuilderDraft)
  .mutation(({ ctx, input }) =>
    audited(
      ctx,
      (tx) => unpublishForm(tx, ctx.access, input.form),
      (draft) => ({ action: "form.unpublished", target: formTarget(draft) }),
    ),
  );
