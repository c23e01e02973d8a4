import { z } from "zod";
import { listForms } from "@/server/services/forms/list-forms";
import { toV1Form } from "@/server/services/forms/v1-forms";
import { apiTokenProcedure } from "@/server/trpc";
import { ZPageParam } from "../../rest-params";
import { v1Page, ZV1List } from "../schemas";

export const ZV1Form = z.object({
  id: z.string().describe("Form UUID"),
  name: z.string(),
  created_at: z.string().describe("ISO 8601"),
  updated_at: z.string().describe("ISO 8601"),
  preview_image_url: z
    .string()
    .describe("Absolute URL of a PNG preview of the form (its name and first fields), served without a token; 404 once the form is trashed"),
  slug: z
    .string()
    .describe("The name in lowercase ASCII with hyphens, then `-` and the UUID's first 8 hex digits (e.g. `contact-us-3f2a9c1b`); changes only on rename"),
  is_live: z.boolean().describe("Whether the form is published"),
});

export const ZV1ListFormsInput = z.object({ page: ZPageParam });
export const ZV1ListFormsOutput = ZV1List(ZV1Form);

export const v1ListFormsRoute = apiTokenProcedure("v1")
  .meta({
    scope: "form.view",
    openapi: {
      method: "GET",
      path: "/forms",
      tags: ["Forms"],
      summary: "List the token's form",
      description:
        "A v1 token belongs to one form, so the list holds that form (`total_count` 1), or nothing (`total_count` 0) " +
        "once the form is trashed. 20 per page; a page past the last one returns `results: []` with the usual counters.",
    },
  })
  .input(ZV1ListFormsInput)
  .output(ZV1ListFormsOutput)
  .query(async ({ ctx, input }) => {
    const { forms, totalCount } = await listForms(ctx.db, ctx.access, input.page);
    return v1Page(forms.map(toV1Form), totalCount, input.page);
  });
