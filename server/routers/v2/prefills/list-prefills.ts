import "server-only";
import { z } from "zod";
import { PAGE_SIZE } from "@/server/services/lib/pagination";
import { listPrefills } from "@/server/services/prefills/list-prefills";
import { toPrefillListItem } from "@/server/services/prefills/serialize";
import { apiTokenProcedure } from "@/server/trpc";
import { ZBooleanParam, ZFormRef, ZPageMeta, ZPageParam, ZSingleParam } from "../../rest-params";
import { ZPrefillListItem } from "@/server/services/prefills/serialize";

export const ZListPrefillsInput = z.object({
  form_uuid: ZFormRef,
  page: ZPageParam,
  name: ZSingleParam("name").optional().describe("Case-insensitive partial match on the name"),
  include_unique_link_prefills: ZBooleanParam("include_unique_link_prefills").describe(
    "Also list the prefills that belong to unique links (default false)",
  ),
});

export const ZListPrefillsOutput = z.object({ prefills: z.array(ZPrefillListItem), meta: ZPageMeta });

export const v2ListPrefillsRoute = apiTokenProcedure("v2")
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
    },
    errors: {
      400: ["page must be a positive integer", "include_unique_link_prefills must be true or false"],
      404: ["Form not found or not authorized"],
    },
  })
  .input(ZListPrefillsInput)
  .output(ZListPrefillsOutput)
  .query(async ({ ctx, input }) => {
    const { form, prefills, total } = await listPrefills(ctx.db, ctx.access, input.form_uuid, {
      page: input.page,
      name: input.name,
      includeUniqueLinkPrefills: input.include_unique_link_prefills,
    });
    return { prefills: prefills.map((p) => toPrefillListItem(p, form.uuid)), meta: { page: input.page, perPage: PAGE_SIZE, total } };
  });
