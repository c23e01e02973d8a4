import "server-only";
import { ZDraftElements, ZDraftSettings } from "@/server/services/forms/draft-shape";
import { saveDraft } from "@/server/services/forms/builder-draft";
import { sessionProcedure } from "@/server/trpc";
import { ZBuilderDraft, ZBuilderFormInput, ZDraftRevision } from "./builder-draft-schemas";

export const ZSaveDraftInput = ZBuilderFormInput.extend({
  elements: ZDraftElements,
  settings: ZDraftSettings.optional(),
  revision: ZDraftRevision,
});

/** Autosave of the builder; 409 when another tab saved first. */
export const saveDraftRoute = sessionProcedure
  .input(ZSaveDraftInput)
  .output(ZBuilderDraft)
  .mutation(({ ctx, input }) => saveDraft(ctx.db, ctx.access, input.form, input));
