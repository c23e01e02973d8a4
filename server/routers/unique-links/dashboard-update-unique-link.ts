import { z } from "zod";
import { accessForOrganization } from "@/server/services/forms/access";
import { updateUniqueLink } from "@/server/services/unique-links/update-unique-link";
import { toUniqueLink } from "@/server/services/unique-links/serialize";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardFormRef } from "../prefills/dashboard-shared";
import { ZUniqueLink } from "./shared";

export const ZUpdateDashboardUniqueLinkInput = z.object({
  formUuid: ZDashboardFormRef,
  id: z.string().max(64).describe("Unique link UUID"),
  active: z.boolean().describe("Whether the link accepts responses"),
});

/** Turns a link on or off: the service of PATCH /api/v2/forms/:form_uuid/unique_links/:id. */
export const updateDashboardUniqueLink = sessionProcedure
  .input(ZUpdateDashboardUniqueLinkInput)
  .output(ZUniqueLink)
  .mutation(async ({ ctx, input }) => {
    const link = await updateUniqueLink(ctx.db, accessForOrganization(ctx.session.organizationId), input.formUuid, input.id, {
      active: input.active,
    });
    return toUniqueLink(link);
  });
