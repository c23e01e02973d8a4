import "server-only";
import { z } from "zod";
import { getAccessibleFormOrThrow } from "@/server/services/forms/access";
import { EDITOR_INPUTS, prefillEditorFields } from "@/server/services/prefills/editor-fields";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardFormRef } from "../inputs";

export const ZListPrefillFieldsInput = z.object({ formUuid: ZDashboardFormRef });

const ZItem = z.object({ id: z.string(), label: z.string() });

const ZEditorFieldBase = z.object({
  id: z.string().describe("Element id, sent as prefill_data[].id"),
  label: z.string(),
  type: z.string().describe("Element type"),
  input: z.enum(EDITOR_INPUTS).describe("The editor's input"),
  options: z.array(ZItem).describe("Choice and ranking inputs: option ids and labels"),
  countrySelector: z.boolean().describe("Phone: the value carries a dial code"),
  rows: z.array(ZItem).describe("Matrix rows"),
  columns: z.array(ZItem).describe("Matrix columns"),
  parts: z.array(z.object({ key: z.string(), label: z.string() })).describe("Name and address: parts by fixedname"),
});

export const ZListPrefillFieldsOutput = z.object({
  fields: z
    .array(ZEditorFieldBase.extend({ components: z.array(ZEditorFieldBase).describe("Repeat-field: a row's components") }))
    .describe("Top-level fields the editor can fill, in form order"),
  apiOnly: z
    .array(z.object({ id: z.string(), label: z.string(), type: z.string() }))
    .describe("Fields only the API can prefill (types this service does not know)"),
});

/** The fields of a form the dashboard's prefill editor offers. */
export const listPrefillFieldsRoute = sessionProcedure
  .input(ZListPrefillFieldsInput)
  .output(ZListPrefillFieldsOutput)
  .query(async ({ ctx, input }) => {
    const form = await getAccessibleFormOrThrow(ctx.db, ctx.access, input.formUuid);
    return prefillEditorFields(form.elements);
  });
