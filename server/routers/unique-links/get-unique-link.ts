import { z } from "zod";
import { accessFromPrincipal } from "@/server/services/forms/access";
import { getUniqueLinkOrThrow } from "@/server/services/unique-links/get-unique-link";
import { toUniqueLink } from "@/server/services/unique-links/serialize";
import { apiTokenProcedure } from "@/server/trpc";
import { ZBooleanParam, ZFormRef, ZPathParam } from "../shared/params";
import { ZUniqueLink } from "./shared";

export const ZGetUniqueLinkInput = z.object({
  form_uuid: ZFormRef,
  id: ZPathParam.describe("Unique link UUID"),
  include_prefill_data: ZBooleanParam("include_prefill_data").describe("Add the link's `prefillData` (default false)"),
});

export const getUniqueLink = apiTokenProcedure("v2")
  .meta({
    scope: "unique_link.read",
    openapi: {
      method: "GET",
      path: "/forms/{form_uuid}/unique_links/{id}",
      tags: ["Unique links"],
      summary: "Get a unique link",
      description: "404 `Unique link not found` also when the link belongs to another form or the id is not a UUID.",
      errorResponses: { 400: "include_prefill_data must be true or false", 404: "Unique link not found | Form not found or not authorized" },
    },
  })
  .input(ZGetUniqueLinkInput)
  .output(ZUniqueLink)
  .query(async ({ ctx, input }) => {
    const include = input.include_prefill_data ?? false;
    const link = await getUniqueLinkOrThrow(ctx.db, accessFromPrincipal(ctx.principal), input.form_uuid, input.id, include);
    return toUniqueLink(link, include ? link.prefillData : undefined);
  });
