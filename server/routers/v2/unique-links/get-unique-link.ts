import "server-only";
import { z } from "zod";
import { getUniqueLinkOrThrow } from "@/server/services/unique-links/get-unique-link";
import { toUniqueLink } from "@/server/services/unique-links/serialize";
import { apiTokenProcedure } from "@/server/trpc";
import { ZBooleanParam, ZFormRef, ZPathParam } from "../../rest-params";
import { ZUniqueLink } from "@/server/services/unique-links/serialize";

export const ZGetUniqueLinkInput = z.object({
  form_uuid: ZFormRef,
  id: ZPathParam.describe("Unique link UUID"),
  include_prefill_data: ZBooleanParam("include_prefill_data").describe("Add the link's `prefillData` (default false)"),
});

export const v2GetUniqueLinkRoute = apiTokenProcedure("v2")
  .meta({
    scope: "unique_link.read",
    openapi: {
      method: "GET",
      path: "/forms/{form_uuid}/unique_links/{id}",
      tags: ["Unique links"],
      summary: "Get a unique link",
      description: "404 `Unique link not found` also when the link belongs to another form or the id is not a UUID.",
    },
    errors: { 400: ["include_prefill_data must be true or false"], 404: ["Unique link not found", "Form not found or not authorized"] },
  })
  .input(ZGetUniqueLinkInput)
  .output(ZUniqueLink)
  .query(async ({ ctx, input }) => {
    const include = input.include_prefill_data ?? false;
    const link = await getUniqueLinkOrThrow(ctx.db, ctx.access, input.form_uuid, input.id, include);
    return toUniqueLink(link, include ? link.prefillData : undefined);
  });
