import { z } from "zod";
import { getAccessibleFormOrThrow } from "@/server/services/forms/access";
import { prefillEditorFields } from "@/server/services/prefills/editor-fields";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardFormRef } from "../inputs";

export const ZListPrefillFieldsInput = z.object({ formUuid: ZDashboardFormRef });

export const ZListPrefillFieldsOutput = z.object({
  fields: z
    .array(
      z.object({
        id: z.string().describe("Element id, sent as prefill_data[].id"),
        label: z.string(),
        type: z.string().describe("Element type"),
        input: z.enum(["text", "textarea", "email", "number", "date", "phone", "choice", "checkboxes"]).describe("The editor's input"),
        options: z.array(z.object({ id: z.string(), label: z.string() })).describe("Choice inputs: option ids and labels"),
        countrySelector: z.boolean().describe("Phone: the value carries a dial code"),
      }),
    )
    .describe("Top-level fields the editor can fill, in form order"),
  apiOnly: z
    .array(z.object({ id: z.string(), label: z.string(), type: z.string() }))
    .describe("Fields only the API can prefill (ranking, matrix, repeat-field, name, address, …)"),
});

/** The fields of a form the dashboard's prefill editor offers. */
export const listPrefillFieldsRoute = sessionProcedure
  .input(ZListPrefillFieldsInput)
  .output(ZListPrefillFieldsOutput)
  .query(async ({ ctx, input }) => {
    const form = await getAccessibleFormOrThrow(ctx.db, ctx.access, input.formUuid);
    return prefillEditorFields(form.elements);
  });
