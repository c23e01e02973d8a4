import { z } from "zod";
import { accessFromPrincipal } from "@/server/services/forms/access";
import { PAGE_SIZE } from "@/server/services/pagination";
import { listPrefills as listPrefillsService } from "@/server/services/prefills/list-prefills";
import { toPrefillListItem } from "@/server/services/prefills/serialize";
import { apiTokenProcedure } from "@/server/trpc";
import { ZBooleanParam, ZFormRef, ZPageMeta, ZPageParam, ZSingleParam } from "../shared/params";
import { ZPrefillListItem } from "./shared";

export const ZListPrefillsInput = z.object({
  form_uuid: ZFormRef,
  page: ZPageParam,
  name: ZSingleParam("name").optional().describe("Case-insensitive partial match on the name"),
  include_unique_link_prefills: ZBooleanParam("include_unique_link_prefills").describe(
    "Also list the prefills that belong to unique links (default false)",
  ),
});

export const ZListPrefillsOutput = z.object({ prefills: z.array(ZPrefillListItem), meta: ZPageMeta });

export const listPrefills = apiTokenProcedure("v2")
  .meta({
    scope: "prefill.read",
    openapi: {
      method: "GET",
      path: "/forms/{form_uuid}/prefills",
      tags: ["Prefills"],
      summary: "List a form's prefills",
      description:
        "20 per page, newest first (a bulk create's items in reverse order of the request). `name` matches any part of " +
        "the name, case-insensitively and literally (`%` and `_` are not wildcards). Prefills created for unique links " +
        "are hidden unless `include_unique_link_prefills=true`. A page past the last one → 200 with `prefills: []`.",
      errorResponses: { 400: "page must be a positive integer | include_unique_link_prefills must be true or false", 404: "Form not found or not authorized" },
    },
  })
  .input(ZListPrefillsInput)
  .output(ZListPrefillsOutput)
  .query(async ({ ctx, input }) => {
    const { form, prefills, total } = await listPrefillsService(ctx.db, accessFromPrincipal(ctx.principal), input.form_uuid, {
      page: input.page,
      name: input.name,
      includeUniqueLinkPrefills: input.include_unique_link_prefills,
    });
    return { prefills: prefills.map((p) => toPrefillListItem(p, form.uuid)), meta: { page: input.page, perPage: PAGE_SIZE, total } };
  });
