import "server-only";
import { unpublishForm } from "@/server/services/forms/builder-draft";
import { sessionProcedure } from "@/server/trpc";
import { ZBuilderDraft, ZBuilderFormInput } from "./builder-draft-schemas";

/** The survey page stops taking answers; elements and draft stay. */
export const unpublishFormRoute = sessionProcedure
  .input(ZBuilderFormInput)
  .output(ZBuilderDraft)
  .mutation(({ ctx, input }) => unpublishForm(ctx.db, ctx.access, input.form));
