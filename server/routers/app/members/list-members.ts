import "server-only";
import { z } from "zod";
import { listMembers } from "@/server/services/members/members";
import { sessionProcedure } from "@/server/trpc";
import { ZRole } from "./outputs";

export const ZMemberOutput = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: ZRole,
  formIds: z.array(z.number().int()).nullable(),
  joinedAt: z.date(),
});

/** The organization's members, owners first; every member may see who is in it. */
export const listMembersRoute = sessionProcedure
  .output(z.object({ members: z.array(ZMemberOutput), me: z.object({ userId: z.number().int(), role: ZRole }) }))
  .query(async ({ ctx }) => ({
    members: await listMembers(ctx.db, ctx.session.organizationId),
    me: { userId: ctx.session.userId, role: ctx.member.role },
  }));
