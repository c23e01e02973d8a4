import "server-only";
import { z } from "zod";
import { listForms } from "@/server/services/forms/list-forms";
import { PAGE_SIZE } from "@/server/services/lib/pagination";
import { toV2FormListItem, ZV2FormListItem } from "@/server/services/forms/serialize";
import { apiTokenProcedure } from "@/server/trpc";
import { ZPageParam } from "../../rest-params";
import { readDb } from "@/server/read-replica";

export const ZV2ListFormsInput = z.object({ page: ZPageParam });
export const ZV2ListFormsOutput = z.object({
  forms: z.array(ZV2FormListItem),
  meta: z.object({
    totalCount: z.number().int().describe("Forms visible to the token"),
    page: z.number().int(),
    perPage: z.number().int().describe("Always 20"),
  }),
});

export const v2ListFormsRoute = apiTokenProcedure("v2")
  .meta({
    scope: "form.view",
    openapi: {
      method: "GET",
      path: "/forms",
      tags: ["Forms"],
      summary: "List forms",
      description:
        "Forms of the token's organization (only the allowed forms for a form-restricted token), newest first, " +
        "20 per page. Trashed forms are not listed. A page past the last one returns `forms: []` with the usual meta.",
    },
  })
  .input(ZV2ListFormsInput)
  .output(ZV2ListFormsOutput)
  .query(async ({ ctx, input }) => {
    const { forms, totalCount } = await listForms(await readDb(ctx.db), ctx.access, input.page);
    return { forms: forms.map(toV2FormListItem), meta: { totalCount, page: input.page, perPage: PAGE_SIZE } };
  });
