import "server-only";
import { z } from "zod";
import { MAX_BATCH } from "@/lib/values/bulk";
import { ZCreatedPrefill } from "@/server/services/prefills/serialize";
import { ZBulkCreateUniqueLinksOutput } from "@/server/routers/v2/unique-links/bulk-create-unique-links";
import { defineTool } from "../tool";
import { ZToolFormRef } from "./inputs";

const ZPrefillData = z
  .array(
    z.object({ id: z.string().describe("A top-level element id"), value: z.unknown().describe("The answer, in the element's format") }),
  )
  .max(1000)
  .describe(
    "Answers to fill in, `[{id, value}]`: text, number, date: a string or number; radio, dropdown: an option id; " +
      "multiple-checkbox, ranking: option ids; matrix `{rowId: {columnId: value}}`; name, address `{fixedname: value}`",
  );

/** Creating links changes nothing a respondent already sees; another call makes other links. */
const CREATES = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

export const createPrefillTool = defineTool({
  name: "create_prefill",
  title: "Create a prefilled link",
  description:
    "A link to the form with some answers filled in (as POST /api/v2/forms/{form_uuid}/prefills, one item). Needs prefill.write.",
  input: z.object({ form: ZToolFormRef, name: z.string().max(1000).describe("What the prefill is for"), prefill_data: ZPrefillData }),
  output: ZCreatedPrefill,
  annotations: CREATES,
  run: async ({ v2 }, { form, name, prefill_data }) => {
    const { prefills } = await v2.prefills.bulkCreate({ form_uuid: form, prefills: [{ name, prefill_data }] });
    return prefills[0]!;
  },
});

export const createUniqueLinksTool = defineTool({
  name: "create_unique_links",
  title: "Create unique links",
  description:
    `Single-use links to the form, one per respondent, at most ${MAX_BATCH} a call (as POST /api/v2/forms/{form_uuid}/unique_links). ` +
    "Needs unique_link.write.",
  input: z.object({
    form: ZToolFormRef,
    unique_links: z
      .array(
        z.object({
          entry_name: z.string().max(1000).nullable().optional().describe("Unique per form; absent: the link's id"),
          expires_at: z.string().max(64).nullable().optional().describe("ISO 8601 date or date-time in the future"),
          prefill_data: ZPrefillData.nullable().optional(),
        }),
      )
      .max(MAX_BATCH * 10)
      .describe(`The links, at most ${MAX_BATCH}`),
  }),
  output: ZBulkCreateUniqueLinksOutput,
  annotations: CREATES,
  run: ({ v2 }, input) => v2.uniqueLinks.bulkCreate({ form_uuid: input.form, unique_links: input.unique_links }),
});
