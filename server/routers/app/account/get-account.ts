import "server-only";
import { z } from "zod";
import { ROLES } from "@/lib/permissions";
import { getAccountOrThrow } from "@/server/services/users/get-account";
import { sessionProcedure } from "@/server/trpc";

export const ZGetAccountOutput = z.object({
  userId: z.number().int().describe("Signed-in user's id"),
  email: z.string().describe("Signed-in user's email"),
  name: z.string().describe("Signed-in user's name (may be empty)"),
  role: z.enum(ROLES).describe("Role in the session's organization"),
  organization: z.object({
    id: z.number().int().describe("Organization id"),
    name: z.string().describe("Organization name"),
  }),
});

/** Who is signed in, and in which organization (read from the database, not only the JWT). */
export const getAccountRoute = sessionProcedure.output(ZGetAccountOutput).query(({ ctx }) => getAccountOrThrow(ctx.db, ctx.session));
