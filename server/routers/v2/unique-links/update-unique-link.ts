import "server-only";
import { z } from "zod";
import { PREFILL_DATA_ERRORS } from "@/server/services/prefills/prefill-data";
import { updateUniqueLink } from "@/server/services/unique-links/update-unique-link";
import { toUniqueLink } from "@/server/services/unique-links/serialize";
import { apiTokenProcedure } from "@/server/trpc";
import { at } from "@/lib/values/input-paths";
import { jsonBoolean, prefillDataSchema } from "../../rest-body";
import { ZFormRef, ZPathParam } from "../../rest-params";
import { MAX_ENTRY_NAME_LENGTH, ZEntryName, ZExpiresAt } from "@/server/services/unique-links/rules";
import { ZUniqueLink } from "@/server/services/unique-links/serialize";

export const ZUpdateUniqueLinkInput = z.object({
  form_uuid: ZFormRef,
  id: ZPathParam.describe("Unique link UUID"),
  entry_name: ZEntryName.optional().describe("New entry name; unique per form, cannot be blank"),
  expires_at: ZExpiresAt.optional(),
  active: jsonBoolean("active must be true or false").optional().describe("Whether the link accepts responses"),
  prefill_data: prefillDataSchema(at("must be an array")).optional(),
});

export const v2UpdateUniqueLinkRoute = apiTokenProcedure("v2")
  .meta({
    scope: "unique_link.write",
    openapi: {
      method: "PATCH",
      path: "/forms/{form_uuid}/unique_links/{id}",
      tags: ["Unique links"],
      summary: "Update a unique link",
      description:
        "Every field is optional; absent fields keep their value, and `status` never changes here. `expires_at`: ISO 8601 " +
        'in the future, or null / "" to remove the expiry. `prefill_data` replaces the linked prefill\'s data, or creates ' +
        "a prefill and links it. Answers the link as the list shows it (without `prefillData`). An empty body changes nothing.\n\n" +
        "Errors: `entry_name cannot be blank`, `entry_name must be a string`, " +
        `\`entry_name must be at most ${MAX_ENTRY_NAME_LENGTH} characters\`, \`prefill_data must be an array\` (also for null), ` +
        "`expires_at is not a valid date`, `expires_at must be in the future`, `active must be true or false` (a JSON " +
        "boolean), 404 `Unique link not found` (unknown id, other form, not a UUID), 422 `Duplicate entry_name for this form`.\n\n" +
        `Prefill data errors:\n${PREFILL_DATA_ERRORS}`,
    },
    errors: {
      400: [
        "entry_name cannot be blank",
        "prefill_data must be an array",
        "expires_at is not a valid date",
        "expires_at must be in the future",
      ],
      404: ["Unique link not found", "Form not found or not authorized"],
      422: ["Duplicate entry_name for this form"],
    },
  })
  .input(ZUpdateUniqueLinkInput)
  .output(ZUniqueLink)
  .mutation(async ({ ctx, input }) => {
    const link = await updateUniqueLink(ctx.db, ctx.access, input.form_uuid, input.id, {
      entryName: input.entry_name,
      expiresAt: input.expires_at,
      active: input.active,
      prefillData: input.prefill_data,
    });
    return toUniqueLink(link);
  });
