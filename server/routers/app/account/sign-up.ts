import "server-only";
import { z } from "zod";
import { env } from "@/server/env";
import { throttleSignUp } from "@/server/auth/sign-up-throttle";
import { clientAddress } from "@/server/http/client-address";
import { signUpUser, ZNewUser } from "@/server/services/users/create-user";
import { publicProcedure } from "@/server/trpc";

export const ZSignUpInput = ZNewUser.extend({
  email: ZNewUser.shape.email.describe("Sign-in email; stored lower-cased"),
  password: ZNewUser.shape.password.describe("8 to 1024 characters"),
  name: ZNewUser.shape.name.describe("The person's name, shown in the dashboard"),
  organizationName: ZNewUser.shape.organizationName.describe("Name of the new organization; defaults to “<name>'s organization”"),
});

/**
 * Creates a user and their organization (with SIGNUP=invite-only a 403, but for an empty
 * instance's first user), unless the email already has an account: the
 * answer is the same either way (no enumeration); a client may sign up SIGN_UPS_PER_CLIENT
 * times an hour. Does not sign in: the page then calls next-auth's `signIn("credentials")`
 * with the same email and password, so there is one sign-in path.
 */
export const signUpRoute = publicProcedure
  .input(ZSignUpInput)
  .output(z.void())
  .mutation(async ({ ctx, input }) => {
    await throttleSignUp(ctx.db, clientAddress(ctx.headers, env().TRUST_PROXY));
    await signUpUser(ctx.db, input, env().SIGNUP);
  });
