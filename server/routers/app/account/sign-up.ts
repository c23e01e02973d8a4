import { z } from "zod";
import { createUserWithOrganization, ZNewUser } from "@/server/services/users/create-user";
import { publicProcedure } from "@/server/trpc";

export const ZSignUpInput = ZNewUser.extend({
  email: ZNewUser.shape.email.describe("Sign-in email; stored lower-cased, must be unused"),
  password: ZNewUser.shape.password.describe("At least 8 characters"),
  name: ZNewUser.shape.name.describe("The person's name, shown in the dashboard"),
  organizationName: ZNewUser.shape.organizationName.describe("Name of the new organization; defaults to “<name>'s organization”"),
});

export const ZSignUpOutput = z.object({
  userId: z.number().int().describe("The new user's id"),
  organizationId: z.number().int().describe("The new organization's id (the user is its owner)"),
});

/**
 * Creates a user and their organization. Does not sign in: the page then calls next-auth's
 * `signIn("credentials")` with the same email and password, so there is one sign-in path.
 */
export const signUpRoute = publicProcedure
  .input(ZSignUpInput)
  .output(ZSignUpOutput)
  .mutation(({ ctx, input }) => createUserWithOrganization(ctx.db, input));
