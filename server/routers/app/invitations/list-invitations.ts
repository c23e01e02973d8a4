import "server-only";
import { z } from "zod";
import { listInvitations } from "@/server/services/members/invitations";
import { sessionProcedure } from "@/server/trpc";
import { ZRole } from "../members/outputs";

/** The organization's open invitations (expired ones too, to send again). */
export const listInvitationsRoute = sessionProcedure
  .output(
    z.object({
      invitations: z.array(
        z.object({
          id: z.number().int(),
          email: z.string(),
          role: ZRole,
          formIds: z.array(z.number().int()).nullable(),
          invitedBy: z.string().nullable(),
          expiresAt: z.date(),
          createdAt: z.date(),
        }),
      ),
    }),
  )
  .query(async ({ ctx }) => ({ invitations: await listInvitations(ctx.db, ctx.session.organizationId) }));
