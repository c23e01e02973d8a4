import "server-only";
import { z } from "zod";
import { audited } from "@/server/audit/audited";
import { formTarget } from "@/server/audit/targets";
import { ZDraftElements, ZDraftSettings } from "@/server/services/forms/draft-shape";
import { getDraft, saveDraft } from "@/server/services/forms/builder-draft";
import { apiTokenProcedure } from "@/server/trpc";
import { toMcpDraft, ZMcpDraft, ZMcpFormRef, ZMcpRevision } from "./draft-output";

export const ZMcpUpdateDraftInput = z.object({
  form: ZMcpFormRef,
  elements: ZDraftElements,
  settings: ZDraftSettings.optional(),
  revision: ZMcpRevision,
});

/** The builder's autosave for an assistant: the same shapes and the same revision check; respondents see nothing until publish_form. */
export const mcpUpdateFormDraftRoute = apiTokenProcedure("v2")
  .meta({ scope: "form.write" })
  .input(ZMcpUpdateDraftInput)
  .output(ZMcpDraft)
  .mutation(async ({ ctx, input }) => {
    const draft = await audited(
      ctx,
      async (tx) => {
        const revision = input.revision ?? (await getDraft(tx, ctx.access, input.form)).revision;
        return saveDraft(tx, ctx.access, input.form, { elements: input.elements, settings: input.settings, revision });
      },
      (d) => ({ action: "form.draft_saved", target: formTarget(d), metadata: { elements: d.elements.length, via: "mcp" } }),
    );
    return toMcpDraft(draft);
  });
