import { z } from "zod";
import { createPrefills } from "@/server/services/prefills/create-prefills";
import { prefillUrl } from "@/server/urls";
import { sessionProcedure } from "@/server/trpc";
import { ZPrefillName } from "@/server/services/prefills/rules";
import { ZDashboardFormRef } from "../inputs";

export const ZCreateDashboardPrefillInput = z.object({
  formUuid: ZDashboardFormRef,
  // The API's rule and messages (`name is required`); the editor shows them capitalized.
  name: ZPrefillName,
  // Checked against the form's elements by the service, exactly as for the API.
  prefillData: z.array(z.unknown()).describe("`[{id, value}]` as in the API's prefill_data"),
});

export const ZCreateDashboardPrefillOutput = z.object({
  id: z.string().describe("UUID of the new prefill"),
  name: z.string(),
  url: z.string().describe("Survey URL with `_prefill`"),
});

/** One prefill from the dashboard's editor: the service of POST /api/v2/forms/:form_uuid/prefills. */
export const createPrefillRoute = sessionProcedure
  .input(ZCreateDashboardPrefillInput)
  .output(ZCreateDashboardPrefillOutput)
  .mutation(async ({ ctx, input }) => {
    const { form, created } = await createPrefills(ctx.db, ctx.access, input.formUuid, [
      { name: input.name, prefillData: input.prefillData },
    ]);
    const [prefill] = created;
    return { id: prefill!.id, name: prefill!.name, url: prefillUrl(form.uuid, prefill!.id) };
  });
