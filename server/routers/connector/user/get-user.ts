import "server-only";
import { z } from "zod";
import { getAccountOrThrow } from "@/server/services/users/get-account";
import { oauthProcedure } from "@/server/trpc";

export const ZConnectorUser = z.object({
  email: z.string().describe("Email of the user who connected the platform"),
  name: z.string().describe("Their name (may be empty)"),
});

export const connectorGetUserRoute = oauthProcedure
  .meta({
    scope: "profile:read",
    openapi: {
      method: "GET",
      path: "/user",
      tags: ["Connection"],
      summary: "The connected user",
      description:
        "The user who authorized the connection. Platforms call it to test a new connection and to label it " + "(e.g. with the email).",
    },
  })
  .input(z.object({}))
  .output(ZConnectorUser)
  .query(async ({ ctx }) => {
    const { email, name } = await getAccountOrThrow(ctx.db, ctx.grant);
    return { email, name };
  });
