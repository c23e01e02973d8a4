import "server-only";
import { z } from "zod";
import { getUniqueLinkOrThrow, submissionOfLink } from "@/server/services/unique-links/get-unique-link";
import { toDashboardUniqueLink, ZDashboardUniqueLinkDetail } from "@/server/services/unique-links/serialize";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardFormRef } from "../inputs";

export const ZGetDashboardUniqueLinkInput = z.object({
  formUuid: ZDashboardFormRef,
  id: z.string().max(64).describe("Unique link UUID"),
});

/**
 * One link with its state and prefilled values (the service of GET /api/v2/forms/:form_uuid/unique_links/:id),
 * and the submission a completed link produced.
 */
export const getUniqueLinkRoute = sessionProcedure
  .input(ZGetDashboardUniqueLinkInput)
  .output(ZDashboardUniqueLinkDetail)
  .query(async ({ ctx, input }) => {
    const link = await getUniqueLinkOrThrow(ctx.db, ctx.access, input.formUuid, input.id, true);
    const submissionId = link.status === "completed" ? await submissionOfLink(ctx.db, ctx.access.organizationId, link.id) : null;
    return { ...toDashboardUniqueLink(link), prefillData: link.prefillData ?? [], submissionId };
  });
