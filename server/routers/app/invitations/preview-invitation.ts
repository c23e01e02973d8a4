import "server-only";
import { z } from "zod";
import { viewInvitation } from "@/server/services/members/invitations";
import { publicProcedure } from "@/server/trpc";
import { ZRole } from "../members/outputs";
import { ZInvitationToken } from "./outputs";

/** What an invitation's link page shows: the organization, address and role, or why the link no longer works. */
export const previewInvitationRoute = publicProcedure
  .input(ZInvitationToken)
  .output(
    z.discriminatedUnion("state", [
      z.object({
        state: z.literal("open"),
        organizationId: z.number().int(),
        organizationName: z.string(),
        email: z.string(),
        role: ZRole,
        inviterName: z.string().nullable(),
        hasAccount: z.boolean(),
      }),
      z.object({ state: z.literal("gone"), message: z.string() }),
    ]),
  )
  .query(({ ctx, input }) => viewInvitation(ctx.db, input.token));
