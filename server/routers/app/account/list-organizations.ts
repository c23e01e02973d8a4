import "server-only";
import { z } from "zod";
import { listUserOrganizations } from "@/server/services/members/organizations";
import { sessionProcedure } from "@/server/trpc";
import { ZRole } from "../members/outputs";

/** The organizations the signed-in user belongs to, and which one the session works in: the header's switcher. */
export const listOrganizationsRoute = sessionProcedure
  .output(
    z.object({
      currentId: z.number().int(),
      organizations: z.array(z.object({ id: z.number().int(), name: z.string(), role: ZRole })),
    }),
  )
  .query(async ({ ctx }) => ({
    currentId: ctx.session.organizationId,
    organizations: await listUserOrganizations(ctx.db, ctx.session.userId),
  }));
