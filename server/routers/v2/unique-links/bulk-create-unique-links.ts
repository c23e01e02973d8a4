import "server-only";
import { z } from "zod";
import { MAX_BATCH } from "@/lib/values/bulk";
import { PREFILL_DATA_ERRORS } from "@/server/services/prefills/prefill-data";
import { createUniqueLinks } from "@/server/services/unique-links/create-unique-links";
import { toCreatedUniqueLink, ZCreatedUniqueLink } from "@/server/services/unique-links/serialize";
import { apiTokenProcedure } from "@/server/trpc";
import { at } from "@/lib/values/input-paths";
import { prefillDataSchema } from "../../rest-body";
import { ZFormRef } from "../../rest-params";
import { MAX_ENTRY_NAME_LENGTH, ZEntryName, ZExpiresAt } from "@/server/services/unique-links/rules";

const ZNewUniqueLink = z.object(
  {
    entry_name: ZEntryName.nullable().optional().describe("Unique per form; absent or null → the link's id"),
    expires_at: ZExpiresAt.optional(),
    prefill_data: prefillDataSchema(at("must be an array")).nullable().optional(),
  },
  { error: at("must be an object") },
);

export const ZBulkCreateUniqueLinksInput = z.object({
  form_uuid: ZFormRef,
  unique_links: z
    .array(ZNewUniqueLink, { error: "unique_links is required and must be an array" })
    .max(MAX_BATCH, { error: `too many unique_links (max ${MAX_BATCH})` })
    .describe(`The links to create, at most ${MAX_BATCH}`),
});

export const ZBulkCreateUniqueLinksOutput = z.object({ uniqueLinks: z.array(ZCreatedUniqueLink) });

export const v2BulkCreateUniqueLinksRoute = apiTokenProcedure("v2")
  .meta({
    scope: "unique_link.write",
    successStatus: 201,
    openapi: {
      method: "POST",
      path: "/forms/{form_uuid}/unique_links",
      tags: ["Unique links"],
      summary: "Create unique links in bulk",
      description:
        "All or nothing: every item is checked first; one bad item rejects the request and writes nothing. New links are " +
        "`pending` and `active`. `entry_name` is trimmed and unique per form: a clash within the request, with an existing " +
        "link, or with a link created at the same moment by another request → 422 `Duplicate entry_name for this form`. " +
        "Without `entry_name` (or with null) the link's id is its entry name. `prefill_data` creates a prefill attached to " +
        "the link (hidden from the prefill list unless `include_unique_link_prefills=true`); null means none. The response " +
        "lists the links in request order; an empty `unique_links` array creates nothing (201, `uniqueLinks: []`).\n\n" +
        `Body errors: \`unique_links is required and must be an array\`, \`too many unique_links (max ${MAX_BATCH})\`, ` +
        "`unique_links[<n>].prefill_data must be an array`, `unique_links[<n>].expires_at is not a valid date`, " +
        "`unique_links[<n>].expires_at must be in the future`, `unique_links[<n>].entry_name cannot be blank`, " +
        "`unique_links[<n>].entry_name must be a string`, " +
        `\`unique_links[<n>].entry_name must be at most ${MAX_ENTRY_NAME_LENGTH} characters\`.\n\n` +
        "Prefill data errors (`<n>` is the entry's index in its `prefill_data`; the body's extra `item` names the link, " +
        `e.g. \`unique_links[2]\`):\n${PREFILL_DATA_ERRORS}`,
    },
    errors: {
      400: [
        "unique_links is required and must be an array",
        "unique_links[<n>].expires_at must be in the future",
        "prefill_data[<n>].id is required",
      ],
      404: ["Form not found or not authorized"],
      422: ["Duplicate entry_name for this form"],
    },
  })
  .input(ZBulkCreateUniqueLinksInput)
  .output(ZBulkCreateUniqueLinksOutput)
  .mutation(async ({ ctx, input }) => {
    const { created } = await createUniqueLinks(
      ctx.db,
      ctx.access,
      input.form_uuid,
      input.unique_links.map((l) => ({ entryName: l.entry_name, expiresAt: l.expires_at, prefillData: l.prefill_data })),
    );
    return { uniqueLinks: created.map(toCreatedUniqueLink) };
  });
