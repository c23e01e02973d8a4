import "server-only";
import { z } from "zod";
import { audited } from "@/server/audit/audited";
import { formTarget } from "@/server/audit/targets";
import { getDraft } from "@/server/services/forms/builder-draft";
import { importForm } from "@/server/services/forms/import-form";
import { apiTokenProcedure } from "@/server/trpc";
import { AppError } from "@/lib/errors";
import { toMcpDraft, ZMcpDraft } from "./draft-output";

export const MCP_CREATE_FORM_ERRORS = {
  restricted: "A token limited to some forms cannot create forms",
  submissions: "create_form makes a form without submissions: leave submissions out",
} as const;

export const ZMcpCreateFormInput = z.object({
  definition: z
    .record(z.string(), z.unknown())
    .describe("The form file of the import: {name, elements, description?, endings?}, checked by the same rules"),
});

/**
 * A new unpublished form from the import's JSON (lib/forms/definition.ts checks it, with the
 * import's sentences). Like a member limited to some forms, a form-restricted token creates none.
 */
export const mcpCreateFormRoute = apiTokenProcedure("v2")
  .meta({ scope: "form.write" })
  .input(ZMcpCreateFormInput)
  .output(ZMcpDraft)
  .mutation(async ({ ctx, input }) => {
    if (ctx.access.formIds !== null) throw new AppError("FORBIDDEN", MCP_CREATE_FORM_ERRORS.restricted);
    if (input.definition.submissions !== undefined) throw new AppError("BAD_REQUEST", MCP_CREATE_FORM_ERRORS.submissions);
    const draft = await audited(
      ctx,
      async (tx) => {
        const created = await importForm(tx, ctx.access.organizationId, input.definition, { publish: false });
        return getDraft(tx, ctx.access, created.uuid);
      },
      (d) => ({ action: "form.created", target: formTarget(d), metadata: { elements: d.elements.length, via: "mcp" } }),
    );
    return toMcpDraft(draft);
  });
