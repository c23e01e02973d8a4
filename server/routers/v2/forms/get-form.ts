import { z } from "zod";
import { ELEMENT_TYPES } from "@/server/services/forms/element-types";
import { getAccessibleFormOrThrow } from "@/server/services/forms/access";
import { toV2FormDetail } from "@/server/services/forms/serialize";
import { apiTokenProcedure } from "@/server/trpc";
import { ZPathParam } from "../../rest-params";

const ZElement: z.ZodType = z.lazy(() =>
  z
    .object({
      id: z.string().describe("Element id; used as `prefill_data[].id` and as a filter field"),
      label: z.string(),
      type: z.string().describe(`One of: ${ELEMENT_TYPES.join(", ")}`),
      options: z.array(z.object({ id: z.string(), label: z.string(), value: z.string() }).loose()).optional().describe("Choice types; `id` is what prefills use"),
      rows: z.array(z.object({ id: z.string(), label: z.string() }).loose()).optional().describe("Matrix rows"),
      columns: z.array(z.object({ id: z.string(), label: z.string() }).loose()).optional().describe("Matrix columns"),
      components: z.array(ZElement).optional().describe("Repeat-field components"),
      children: z.array(z.object({ fixedname: z.string(), label: z.string(), required: z.boolean() }).loose()).optional().describe("Name/address sub-fields; filter them by their own label"),
    })
    .loose(),
);

export const ZGetFormInput = z.object({ id: ZPathParam.describe("Form UUID or numeric form id") });
export const ZGetFormOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submissionsCount: z.number().int(),
  elements: z.array(ZElement),
});

export const v2GetFormRoute = apiTokenProcedure("v2")
  .meta({
    scope: "form.view",
    openapi: {
      method: "GET",
      path: "/forms/{id}",
      tags: ["Forms"],
      summary: "Get a form with its elements",
      description: "`id` is the form UUID or the numeric id. The detail has no `uuid` field (spec §2.2).",
    },
    errors: { 404: ["Form not found or not authorized"] },
  })
  .input(ZGetFormInput)
  .output(ZGetFormOutput)
  .query(async ({ ctx, input }) => {
    const form = await getAccessibleFormOrThrow(ctx.db, ctx.access, input.id);
    return toV2FormDetail(form);
  });
