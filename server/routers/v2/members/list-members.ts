import "server-only";
import { z } from "zod";
import { ROLES } from "@/lib/permissions";
import { PAGE_SIZE } from "@/server/services/lib/pagination";
import { listMembersPage } from "@/server/services/members/members";
import { apiTokenProcedure } from "@/server/trpc";
import { ZPageMeta, ZPageParam } from "../../rest-params";

export const ZV2Member = z.object({
  id: z.number().int().describe("The member's user id"),
  name: z.string().describe("May be empty"),
  email: z.string(),
  role: z.enum(ROLES).describe("owner, admin, editor or viewer"),
  form_uuids: z.array(z.string()).nullable().describe("The forms an editor or viewer is limited to; null: every form"),
  created_at: z.string().describe("When they joined the organization, ISO 8601"),
});

export const v2ListMembersRoute = apiTokenProcedure("v2")
  .meta({
    scope: "member.view",
    errors: { 400: ["page must be a positive integer"] },
    openapi: {
      method: "GET",
      path: "/members",
      tags: ["Members"],
      summary: "List the organization's members",
      description: "20 per page, in the order they joined. A page past the last one → 200 with `members: []`.",
    },
  })
  .input(z.object({ page: ZPageParam }))
  .output(z.object({ members: z.array(ZV2Member), meta: ZPageMeta }))
  .query(async ({ ctx, input }) => {
    const { members, total } = await listMembersPage(ctx.db, ctx.access.organizationId, input.page);
    return {
      members: members.map((m) => ({
        id: m.userId,
        name: m.name,
        email: m.email,
        role: m.role,
        form_uuids: m.formUuids,
        created_at: m.joinedAt.toISOString(),
      })),
      meta: { page: input.page, perPage: PAGE_SIZE, total },
    };
  });
