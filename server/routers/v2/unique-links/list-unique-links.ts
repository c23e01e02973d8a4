import "server-only";
import { z } from "zod";
import { PAGE_SIZE } from "@/server/services/lib/pagination";
import { listUniqueLinks } from "@/server/services/unique-links/list-unique-links";
import { toUniqueLink } from "@/server/services/unique-links/serialize";
import { apiTokenProcedure } from "@/server/trpc";
import { ZBooleanParam, ZFormRef, ZPageMeta, ZPageParam, ZSingleParam } from "../../rest-params";
import { ZUniqueLink } from "@/server/services/unique-links/serialize";

export const ZListUniqueLinksInput = z.object({
  form_uuid: ZFormRef,
  page: ZPageParam,
  entry_name: ZSingleParam("entry_name").optional().describe("Case-insensitive partial match on entry_name"),
  include_prefill_data: ZBooleanParam("include_prefill_data").describe("Add each link's `prefillData` (default false)"),
});

export const ZListUniqueLinksOutput = z.object({
  uniqueLinks: z.array(ZUniqueLink),
  meta: ZPageMeta,
});

export const v2ListUniqueLinksRoute = apiTokenProcedure("v2")
  .meta({
    scope: "unique_link.read",
    openapi: {
      method: "GET",
      path: "/forms/{form_uuid}/unique_links",
      tags: ["Unique links"],
      summary: "List a form's unique links",
      description:
        "20 per page, newest first (a bulk create's items in reverse order of the request). `entry_name` matches any part, " +
        "case-insensitively and literally. With `include_prefill_data=true` each link carries `prefillData` (`[]` without a " +
        "prefill). A page past the last one → 200 with `uniqueLinks: []`.",
    },
    errors: {
      400: ["page must be a positive integer", "include_prefill_data must be true or false"],
      404: ["Form not found or not authorized"],
    },
  })
  .input(ZListUniqueLinksInput)
  .output(ZListUniqueLinksOutput)
  .query(async ({ ctx, input }) => {
    const include = input.include_prefill_data ?? false;
    const { links, total } = await listUniqueLinks(ctx.db, ctx.access, input.form_uuid, {
      page: input.page,
      entryName: input.entry_name,
      includePrefillData: include,
    });
    return {
      uniqueLinks: links.map((l) => toUniqueLink(l, include ? l.prefillData : undefined)),
      meta: { page: input.page, perPage: PAGE_SIZE, total },
    };
  });
