import "server-only";
import { z } from "zod";
import { MAX_BATCH } from "@/lib/values/bulk";
import { createPrefills } from "@/server/services/prefills/create-prefills";
import { PREFILL_DATA_ERRORS } from "@/server/services/prefills/prefill-data";
import { toCreatedPrefill, ZCreatedPrefill } from "@/server/services/prefills/serialize";
import { apiTokenProcedure } from "@/server/trpc";
import { MAX_PREFILL_NAME_LENGTH, ZPrefillName } from "@/server/services/prefills/rules";
import { at } from "@/lib/values/input-paths";
import { prefillDataSchema } from "../../rest-body";
import { ZFormRef } from "../../rest-params";

const ZNewPrefill = z.object(
  {
    name: ZPrefillName,
    prefill_data: prefillDataSchema(at("is required and must be an array")),
  },
  { error: at("must be an object with name and prefill_data") },
);

export const ZBulkCreatePrefillsInput = z.object({
  form_uuid: ZFormRef,
  prefills: z
    .array(ZNewPrefill, { error: "prefills is required and must be an array" })
    .max(MAX_BATCH, { error: `too many prefills (max ${MAX_BATCH})` })
    .describe(`The prefills to create, at most ${MAX_BATCH}`),
});

export const ZBulkCreatePrefillsOutput = z.object({ prefills: z.array(ZCreatedPrefill) });

export const v2BulkCreatePrefillsRoute = apiTokenProcedure("v2")
  .meta({
    scope: "prefill.write",
    successStatus: 201,
    openapi: {
      method: "POST",
      path: "/forms/{form_uuid}/prefills",
      tags: ["Prefills"],
      summary: "Create prefills in bulk",
      description:
        `All or nothing: every item is checked first, and one bad item rejects the request with 400 and writes nothing. ` +
        `The response lists the new prefills in request order. An empty \`prefills\` array creates nothing (201, \`prefills: []\`).\n\n` +
        `Body errors: \`prefills is required and must be an array\`, \`too many prefills (max ${MAX_BATCH})\`, ` +
        "`prefills[<n>].name is required` (missing or blank), " +
        `\`prefills[<n>].name must be at most ${MAX_PREFILL_NAME_LENGTH} characters\`, ` +
        `\`prefills[<n>].prefill_data is required and must be an array\`.\n\n` +
        "Prefill data errors (`<n>` is the entry's index in its `prefill_data`; the response's `field` names the full path):\n" +
        PREFILL_DATA_ERRORS,
    },
    errors: {
      400: ["prefills is required and must be an array", "prefill_data[<n>].id is required"],
      404: ["Form not found or not authorized"],
    },
  })
  .input(ZBulkCreatePrefillsInput)
  .output(ZBulkCreatePrefillsOutput)
  .mutation(async ({ ctx, input }) => {
    const { form, created } = await createPrefills(
      ctx.db,
      ctx.access,
      input.form_uuid,
      input.prefills.map((p) => ({ name: p.name, prefillData: p.prefill_data })),
    );
    return { prefills: created.map((p) => toCreatedPrefill(p, form.uuid)) };
  });
