import "server-only";
import { z } from "zod";
import { MAX_BATCH } from "@/lib/values/bulk";
import { deletePrefills } from "@/server/services/prefills/delete-prefills";
import { apiTokenProcedure } from "@/server/trpc";
import { ZBulkDeleteOutput, ZBulkIds } from "../../rest-body";
import { ZFormRef } from "../../rest-params";

export const ZBulkDeletePrefillsInput = z.object({ form_uuid: ZFormRef, ids: ZBulkIds });

export const v2BulkDeletePrefillsRoute = apiTokenProcedure("v2")
  .meta({
    scope: "prefill.write",
    jsonBody: true,
    openapi: {
      method: "DELETE",
      path: "/forms/{form_uuid}/prefills",
      tags: ["Prefills"],
      summary: "Delete prefills in bulk",
      description:
        `Body \`{"ids": [...]}\`, at most ${MAX_BATCH} prefill UUIDs of this form. All or nothing: when any id is not a prefill ` +
        "of this form (also a malformed id), 422 `{error: 'Prefill IDs not found', notFoundIds}` lists them as given and " +
        "nothing is deleted. Repeated ids count once; an empty list deletes nothing (`{deleted: 0}`). A prefill that belongs " +
        "to a unique link may be deleted; the link then has no prefill (`prefillId: null`).\n\n" +
        `Errors: \`ids is required\`, \`ids must be an array\`, \`too many ids (max ${MAX_BATCH})\`, \`ids[<n>] must be a string\`.`,
    },
    errors: {
      400: ["ids is required", "ids must be an array", "too many ids (max 100)"],
      404: ["Form not found or not authorized"],
      422: {
        description: "Some ids were not found; nothing was deleted",
        example: { error: "Prefill IDs not found", notFoundIds: ["3f0c…"] },
      },
    },
  })
  .input(ZBulkDeletePrefillsInput)
  .output(ZBulkDeleteOutput)
  .mutation(({ ctx, input }) => deletePrefills(ctx.db, ctx.access, input.form_uuid, input.ids));
