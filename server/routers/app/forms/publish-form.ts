import "server-only";
import { audited } from "@/server/audit/audited";
import { formTarget } from "@/server/audit/targets";
import { z } from "zod";
import { publishDraft } from "@/server/services/forms/builder-draft";
import { sessionProcedure } from "@/server/trpc";
import { ZBuilderDraft, ZBuilderFormInput, ZDraftRevision } from "./builder-draft-schemas";

export const ZPublishOutput = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), draft: ZBuilderDraft }),
  z.object({
    ok: z.literal(false),
    problems: z
      .array(
        z.object({
          path: z.array(z.union([z.string(), z.number()])).describe('Where, e.g. ["elements", 2, "options"]'),
          message: z.string().describe("The problem with its path, as the import says it"),
          reason: z.string().describe("The problem without its path"),
        }),
      )
      .describe("Everything to fix before publishing; nothing was published"),
  }),
]);

/** Publish / publish changes: the draft goes live when it passes the import's rules. */
export const publishFormRoute = sessionProcedure
  .input(ZBuilderFormInput.extend({ revision: ZDraftRevision }))
  .output(ZPublishOutput)
  .mutation(({ ctx, input }) =>
    audited(
      ctx,
      (tx) => publishDraft(tx, ctx.access, input.form, input),
      (r) => (r.ok ? { action: "form.published", target: formTarget(r.draft), metadata: { elements: r.draft.elements.length } } : null),
    ),
  );
