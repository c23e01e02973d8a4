import { z } from "zod";
import { getUniqueLinkOrThrow } from "@/server/services/unique-links/get-unique-link";
import { toUniqueLink } from "@/server/services/unique-links/serialize";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardFormRef } from "../inputs";
import { ZDashboardUniqueLink } from "./list-unique-links";

export const ZGetDashboardUniqueLinkInput = z.object({
  formUuid: ZDashboardFormRef,
  id: z.string().max(64).describe("Unique link UUID"),
});

export const ZGetDashboardUniqueLinkOutput = ZDashboardUniqueLink.extend({
  prefillData: z.array(z.object({ id: z.string(), value: z.unknown() })).describe("The link's prefilled values; [] without a prefill"),
});

/** One link with its state and prefilled values: the service of GET /api/v2/forms/:form_uuid/unique_links/:id. */
export const getUniqueLinkRoute = sessionProcedure
  .input(ZGetDashboardUniqueLinkInput)
  .output(ZGetDashboardUniqueLinkOutput)
  .query(async ({ ctx, input }) => {
    const link = await getUniqueLinkOrThrow(ctx.db, ctx.access, input.formUuid, input.id, true);
    return { ...toUniqueLink(link, link.prefillData), state: link.state, prefillData: link.prefillData ?? [] };
  });
