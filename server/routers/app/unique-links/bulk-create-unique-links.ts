import { z } from "zod";
import { MAX_BATCH } from "@/server/services/lib/bulk";
import { createUniqueLinks } from "@/server/services/unique-links/create-unique-links";
import { toCreatedUniqueLink } from "@/server/services/unique-links/serialize";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardFormRef } from "../inputs";
import { ZEntryName, ZExpiresAt } from "@/server/services/unique-links/rules";

export const ZCreateDashboardUniqueLinksInput = z.object({
  formUuid: ZDashboardFormRef,
  entryNames: z
    .array(ZEntryName)
    .min(1, { error: "Enter at least one entry name" })
    .max(MAX_BATCH, { error: `Enter at most ${MAX_BATCH} entry names at a time` })
    .describe(`One link per entry name, at most ${MAX_BATCH}; unique per form`),
  // Named so that the shared messages read "expiry must be in the future".
  expiry: ZExpiresAt.optional().describe("When every new link stops working; absent or null = never"),
});

export const ZCreateDashboardUniqueLinksOutput = z.object({
  uniqueLinks: z.array(
    z.object({ id: z.string(), entryName: z.string(), url: z.string(), expiresAt: z.string().nullable(), prefillId: z.string().nullable() }),
  ),
});

/**
 * Links for a list of entry names, all or nothing: the service of POST
 * /api/v2/forms/:form_uuid/unique_links (422 `Duplicate entry_name for this form`).
 */
export const bulkCreateUniqueLinksRoute = sessionProcedure
  .input(ZCreateDashboardUniqueLinksInput)
  .output(ZCreateDashboardUniqueLinksOutput)
  .mutation(async ({ ctx, input }) => {
    const { created } = await createUniqueLinks(
      ctx.db,
      ctx.access,
      input.formUuid,
      input.entryNames.map((entryName) => ({ entryName, expiresAt: input.expiry ?? null })),
    );
    return { uniqueLinks: created.map(toCreatedUniqueLink) };
  });
