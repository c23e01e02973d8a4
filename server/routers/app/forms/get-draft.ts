import "server-only";
import { getDraft } from "@/server/services/forms/builder-draft";
import { sessionProcedure } from "@/server/trpc";
import { ZBuilderDraft, ZBuilderFormInput } from "./builder-draft-schemas";

/** What the builder edits: the draft, or the live elements when there is none. */
export const getDraftRoute = sessionProcedure
  .input(ZBuilderFormInput)
  .output(ZBuilderDraft)
  .query(({ ctx, input }) => getDraft(ctx.db, ctx.access, input.form));
