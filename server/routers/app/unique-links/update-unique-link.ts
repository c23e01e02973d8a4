import "server-only";
import { z } from "zod";
import { updateUniqueLink } from "@/server/services/unique-links/update-unique-link";
import { toUniqueLink } from "@/server/services/unique-links/serialize";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardFormRef } from "../inputs";
import { ZUniqueLink } from "@/server/services/unique-links/serialize";

export const ZUpdateDashboardUniqueLinkInput = z.object({
  formUuid: ZDashboardFormRef,
  id: z.string().max(64).describe("Unique link UUID"),
  active: z.boolean().describe("Whether the link accepts responses"),
});

/** Turns a link on or off: the service of PATCH /api/v2/forms/:form_uuid/unique_links/:id. */
export const updateUniqueLinkRoute = sessionProcedure
  .input(ZUpdateDashboardUniqueLinkInput)
  .output(ZUniqueLink)
  .mutation(async ({ ctx, input }) => {
    const link = await updateUniqueLink(ctx.db, ctx.access, input.formUuid, input.id, {
      active: input.active,
    });
    return toUniqueLink(link);
  });
