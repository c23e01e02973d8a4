import "server-only";
import { z } from "zod";
import { audited } from "@/server/audit/audited";
import { formTarget } from "@/server/audit/targets";
import { getDraft, publishDraft } from "@/server/services/forms/builder-draft";
import { apiTokenProcedure } from "@/server/trpc";
import { toMcpDraft, ZMcpDraft, ZMcpFormRef, ZMcpRevision } from "./draft-output";

export const ZMcpPublishOutput = z.object({
  published: z.boolean().describe("false: nothing changed; fix the problems and publish again"),
  form: ZMcpDraft.optional().describe("The form as it is live now, when published"),
  problems: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string(), reason: z.string() }))
    .describe("Each problem with where it is, as the builder lists them"),
});

/** The builder's Publish: the same checks (publishDraft), problems per field, audited as the dashboard's. */
export const mcpPublishFormRoute = apiTokenProcedure("v2")
  .meta({ scope: "form.write" })
  .input(z.object({ form: ZMcpFormRef, revision: ZMcpRevision }))
  .output(ZMcpPublishOutput)
  .mutation(async ({ ctx, input }) => {
    const result = await audited(
      ctx,
      async (tx) => {
        const revision = input.revision ?? (await getDraft(tx, ctx.access, input.form)).revision;
        return publishDraft(tx, ctx.access, input.form, { revision });
      },
      (r) => (r.ok ? { action: "form.published", target: formTarget(r.draft), metadata: { elements: r.draft.elements.length } } : null),
    );
    return result.ok
      ? { published: true, form: toMcpDraft(result.draft), problems: [] }
      : { published: false, problems: result.problems.map((p) => ({ path: [...p.path], message: p.message, reason: p.reason })) };
  });
