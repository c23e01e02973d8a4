import "server-only";
import { z } from "zod";
import { MAX_BATCH } from "@/lib/values/bulk";
import { deleteUniqueLinks } from "@/server/services/unique-links/delete-unique-links";
import { apiTokenProcedure } from "@/server/trpc";
import { ZBulkDeleteOutput, ZBulkIds } from "../../rest-body";
import { ZFormRef } from "../../rest-params";

export const ZBulkDeleteUniqueLinksInput = z.object({ form_uuid: ZFormRef, ids: ZBulkIds });

export const v2BulkDeleteUniqueLinksRoute = apiTokenProcedure("v2")
  .meta({
    scope: "unique_link.write",
    jsonBody: true,
    openapi: {
      method: "DELETE",
      path: "/forms/{form_uuid}/unique_links",
      tags: ["Unique links"],
      summary: "Delete unique links in bulk",
      description:
        `Body \`{"ids": [...]}\`, at most ${MAX_BATCH} unique link UUIDs of this form. Each link's prefill is deleted with it. ` +
        "All or nothing: when any id is not a link of this form (also a malformed id), 422 `{error: 'Unique link IDs not " +
        "found', notFoundIds}` lists them as given and nothing is deleted. Repeated ids count once; an empty list deletes " +
        "nothing (`{deleted: 0}`). Submissions made through a deleted link are kept.\n\n" +
        `Errors: \`ids is required\`, \`ids must be an array\`, \`too many ids (max ${MAX_BATCH})\`, \`ids[<n>] must be a string\`.`,
    },
    errors: {
      400: ["ids is required", "ids must be an array", "too many ids (max 100)"],
      404: ["Form not found or not authorized"],
      422: {
        description: "Some ids were not found; nothing was deleted",
        example: { error: "Unique link IDs not found", notFoundIds: ["3f0c…"] },
      },
    },
  })
  .input(ZBulkDeleteUniqueLinksInput)
  .output(ZBulkDeleteOutput)
  .mutation(({ ctx, input }) => deleteUniqueLinks(ctx.db, ctx.access, input.form_uuid, input.ids));
