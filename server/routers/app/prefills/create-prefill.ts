import "server-only";
import { z } from "zod";
import { createPrefills } from "@/server/services/prefills/create-prefills";
import { sessionProcedure } from "@/server/trpc";
import { ZPrefillName } from "@/server/services/prefills/rules";
import { toDashboardCreatedPrefill, ZDashboardCreatedPrefill } from "@/server/services/prefills/serialize";
import { ZDashboardFormRef } from "../inputs";

export const ZCreateDashboardPrefillInput = z.object({
  formUuid: ZDashboardFormRef,
  // The API's rule and messages (`name is required`); the editor shows them capitalized.
  name: ZPrefillName,
  // Checked against the form's elements by the service, exactly as for the API.
  prefillData: z.array(z.unknown()).describe("`[{id, value}]` as in the API's prefill_data"),
});

/** One prefill from the dashboard's editor: the service of POST /api/v2/forms/:form_uuid/prefills. */
export const createPrefillRoute = sessionProcedure
  .input(ZCreateDashboardPrefillInput)
  .output(ZDashboardCreatedPrefill)
  .mutation(async ({ ctx, input }) => {
    const { form, created } = await createPrefills(ctx.db, ctx.access, input.formUuid, [
      { name: input.name, prefillData: input.prefillData },
    ]);
    return toDashboardCreatedPrefill(created[0]!, form.uuid);
  });
