import "server-only";
import { z } from "zod";
import { MAX_BATCH } from "@/lib/values/bulk";
import { createUniqueLinks } from "@/server/services/unique-links/create-unique-links";
import { toCreatedUniqueLink, ZCreatedUniqueLink } from "@/server/services/unique-links/serialize";
import { sessionProcedure } from "@/server/trpc";
import { ZDashboardFormRef } from "../inputs";
import { ZEntryName, ZExpiresAt } from "@/server/services/unique-links/rules";

/** Prefill entries as the editor sends them; their values are checked by the prefill rules. */
const ZPrefillEntries = z
  .array(z.unknown())
  .max(1_000)
  .describe("prefill_data: {id, value} per element; a prefill is attached when not empty");

export const ZCreateDashboardUniqueLinksInput = z.object({
  formUuid: ZDashboardFormRef,
  links: z
    .array(
      z.object({
        entryName: ZEntryName.describe("Unique per form"),
        // Named so that the shared messages read "expiresAt must be in the future".
        expiresAt: ZExpiresAt.optional().describe("When the link stops working; absent or null = never"),
        prefillData: ZPrefillEntries.optional(),
      }),
    )
    .min(1, { error: "Enter at least one entry name" })
    .max(MAX_BATCH, { error: `Enter at most ${MAX_BATCH} entry names at a time` })
    .describe(`The links, at most ${MAX_BATCH}; entry names unique per form`),
});

export const ZCreateDashboardUniqueLinksOutput = z.object({ uniqueLinks: z.array(ZCreatedUniqueLink) });

/**
 * Links, each with its own expiry and prefilled values, all or nothing: the service of POST
 * /api/v2/forms/:form_uuid/unique_links (422 `Duplicate entry_name for this form`). Errors about
 * one item carry its path (`["unique_links", 3, "prefill_data", 0, "value"]`).
 */
export const bulkCreateUniqueLinksRoute = sessionProcedure
  .input(ZCreateDashboardUniqueLinksInput)
  .output(ZCreateDashboardUniqueLinksOutput)
  .mutation(async ({ ctx, input }) => {
    const { created } = await createUniqueLinks(
      ctx.db,
      ctx.access,
      input.formUuid,
      input.links.map((l) => ({
        entryName: l.entryName,
        expiresAt: l.expiresAt ?? null,
        prefillData: l.prefillData?.length ? l.prefillData : null,
      })),
    );
    return { uniqueLinks: created.map(toCreatedUniqueLink) };
  });
