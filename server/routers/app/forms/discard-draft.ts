import "server-only";
import { discardDraft } from "@/server/services/forms/builder-draft";
import { sessionProcedure } from "@/server/trpc";
import { ZBuilderDraft, ZBuilderFormInput, ZDraftRevision } from "./builder-draft-schemas";

/** Throws the unpublished changes away. */
export const discardDraftRoute = sessionProcedure
  .input(ZBuilderFormInput.extend({ revision: ZDraftRevision }))
  .output(ZBuilderDraft)
  .mutation(({ ctx, input }) => discardDraft(ctx.db, ctx.access, input.form, input));
